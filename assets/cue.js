// A cue on every phone (served inline in every page by companion/cues.py).
//
// The app cues a phone when its turn comes or public news concerns its seat, through
// Flutter's HapticFeedback, which calls navigator.vibrate where the browser has it. iOS
// Safari has none, so an iPhone player would only learn it by looking: there this script
// gives the page a navigator.vibrate of its own that sounds a short tone (once a first tap
// has unlocked the phone's audio, and unless the phone turned sound off: the app's "Sound"
// setting, kept in the phone's storage) and flashes the edge of the screen.
(function () {
  "use strict";
  if ("vibrate" in navigator) return;  // a phone that buzzes needs neither

  var SOUND_KEY = "flutter.sound";  // companion/ui/phone.py: SOUND_KEY, as Flutter stores it
  var TONE_SECONDS = 0.22;
  var FLASH_MS = 700;
  var audio = null;

  function soundOff() {
    try {
      var kept = window.localStorage.getItem(SOUND_KEY);
      return kept === '"off"' || kept === "off";
    } catch (e) {
      return false;
    }
  }

  // Browsers start audio only from a tap: the first one makes the page's AudioContext (and
  // a tap after iOS suspended it wakes it again).
  function unlock() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context || (audio && audio.state === "running")) return;
    try {
      if (!audio) audio = new Context();
      if (audio.state !== "running") audio.resume();
      var silence = audio.createBuffer(1, 1, 22050), source = audio.createBufferSource();
      source.buffer = silence;
      source.connect(audio.destination);
      source.start(0);
    } catch (e) { /* no audio on this phone: the flash still says it */ }
  }
  ["pointerdown", "pointerup", "touchend", "click", "keydown"].forEach(function (kind) {
    window.addEventListener(kind, unlock, { capture: true, passive: true });
  });

  function tone() {
    if (!audio || audio.state !== "running" || soundOff()) return;
    var at = audio.currentTime, oscillator = audio.createOscillator(), gain = audio.createGain();
    oscillator.type = "sine";
    oscillator.frequency.setValueAtTime(880, at);
    oscillator.frequency.setValueAtTime(1320, at + TONE_SECONDS / 2);
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.3, at + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + TONE_SECONDS);
    oscillator.connect(gain);
    gain.connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + TONE_SECONDS + 0.02);
  }

  function flash() {
    if (!document.body) return;
    var edge = document.createElement("div");
    edge.className = "cue-flash";
    edge.setAttribute("aria-hidden", "true");
    edge.style.cssText = "position:fixed;top:0;left:0;right:0;bottom:0;pointer-events:none;" +
      "z-index:2147483646;box-shadow:inset 0 0 0 12px #ffb300;opacity:1;" +
      "transition:opacity " + FLASH_MS + "ms ease-in";
    document.body.appendChild(edge);
    window.requestAnimationFrame(function () {
      window.requestAnimationFrame(function () { edge.style.opacity = "0"; });
    });
    window.setTimeout(function () { edge.remove(); }, FLASH_MS + 100);
  }

  try {
    Object.defineProperty(navigator, "vibrate", {
      configurable: true,
      value: function () {
        tone();
        flash();
        return true;
      },
    });
  } catch (e) { /* the page stays as the browser made it */ }
})();
