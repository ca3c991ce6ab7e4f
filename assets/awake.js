// A screen that stays awake while a phone is at a table (served inline in every page by
// companion/awake.py).
//
// A locked phone gets no buzz and no tone when its turn comes, so the app asks the page to
// keep the screen on through Flet's Wakelock service, whose web side calls a global
// `Wakelock` (wakelock_plus). That plugin's own one (NoSleep) fails where a phone at the
// table needs it most: on the table's http:// page (not a secure context) it plays a video
// that is not in the page, without a tap, which iOS refuses. This script's `Wakelock` is
// put in its place before Flutter starts, and cannot be replaced:
// - in a secure context (https, localhost) it holds the Screen Wake Lock, asked again when
//   the page is shown again (the browser lets the lock go whenever the page is hidden);
// - elsewhere, or where the browser has no lock or refuses it, it plays a tiny muted looping inline video attached to the page, started at
//   once where the browser allows it, and by the player's next tap, and again when the page
//   is shown again.
// The app releases it on the start page and after the game ends (companion/ui/phone.py);
// nothing is held while the phone's "Screen awake" setting, kept in its storage, is off.
(function () {
  "use strict";
  var SETTING_KEY = "flutter.awake";  // companion/ui/phone.py: AWAKE_KEY, as Flutter stores it
  var VIDEOS = [["/awake.mp4", "video/mp4"], ["/awake.webm", "video/webm"]];  // assets/
  // What the page holds, for anyone to read (the browser tests do): held is "lock",
  // "video" or null; refused, the browser's last refusal.
  var state = { wanted: false, held: null, refused: null, sentinel: null, video: null, noLock: false };
  window.awake = state;

  function secure() {
    return !state.noLock && window.isSecureContext === true && !!navigator.wakeLock &&
      typeof navigator.wakeLock.request === "function";
  }

  function lock() {
    if (state.sentinel || state.asking) return;
    state.asking = true;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      state.asking = false;
      if (!state.wanted) { sentinel.release(); return; }
      state.sentinel = sentinel;
      state.held = "lock";
      sentinel.addEventListener("release", function () {
        if (state.sentinel !== sentinel) return;
        state.sentinel = null;
        state.held = null;
      });
    }, function (error) {
      state.asking = false;
      state.refused = String((error && error.name) || error);
      state.noLock = true;  // the video from now on
      hold();
    });
  }

  function video() {
    if (state.video) return state.video;
    var element = document.createElement("video");
    element.muted = true;
    element.setAttribute("muted", "");
    element.setAttribute("playsinline", "");
    element.setAttribute("loop", "");
    element.setAttribute("aria-hidden", "true");
    element.setAttribute("title", "Screen awake");
    element.style.cssText = "position:fixed;left:0;top:0;width:1px;height:1px;opacity:0.01;" +
      "pointer-events:none;z-index:-1";
    VIDEOS.forEach(function (pair) {
      var source = document.createElement("source");
      source.src = pair[0];
      source.type = pair[1];
      element.appendChild(source);
    });
    element.addEventListener("playing", function () { if (state.wanted) state.held = "video"; });
    element.addEventListener("pause", function () { if (state.held === "video") state.held = null; });
    state.video = element;
    return element;
  }

  function play() {
    if (!document.body) return;
    var element = video();
    if (!element.isConnected) document.body.appendChild(element);
    if (!element.paused) return;
    try {
      var playing = element.play();
      if (playing && playing.catch) {
        playing.catch(function (error) { state.refused = String((error && error.name) || error); });
      }
    } catch (error) {
      state.refused = String((error && error.name) || error);
    }
  }

  function turnedOff() {
    try {
      var kept = window.localStorage.getItem(SETTING_KEY);
      return kept === '"off"' || kept === "off";
    } catch (e) {
      return false;
    }
  }

  function hold() {
    if (!state.wanted || document.visibilityState !== "visible") return;
    if (turnedOff()) { release(); return; }
    if (secure()) lock(); else play();
  }

  function release() {
    var sentinel = state.sentinel;
    state.sentinel = null;
    if (sentinel) sentinel.release().catch(function () {});
    if (state.video) {
      state.video.pause();
      state.video.remove();
    }
    state.held = null;
  }

  ["pointerdown", "touchend", "click", "keydown"].forEach(function (kind) {
    window.addEventListener(kind, hold, { capture: true, passive: true });
  });
  document.addEventListener("visibilitychange", hold);

  try {
    Object.defineProperty(window, "Wakelock", {
      configurable: false,
      writable: false,
      value: Object.freeze({
        toggle: function (enable) {
          state.wanted = !!enable;
          if (state.wanted) hold(); else release();
          return Promise.resolve();
        },
        enabled: function () { return Promise.resolve(state.held !== null); },
      }),
    });
  } catch (e) { /* the page keeps the browser's own ways */ }
})();
