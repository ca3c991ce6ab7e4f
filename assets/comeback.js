// How a phone comes back to its seat (served inline in every page by companion/comeback.py).
//
// Every connection is a new Flet session: the tab's remembered session id is forgotten
// before Flet's client starts and before it connects again, so a reload, a visit to another
// page in the same tab, a tab reopened or a page that lost its host starts afresh on the
// host, at its own size and route, and finds its seat from the token the phone keeps (a
// resumed session kept the page of another load: its width, its route, its half-drawn
// screens).
//
// When the host cannot be reached, the screen stays as it was under a banner that says so,
// and Flet's client does not hear of the lost connection (it would hide the screen behind a
// spinner and wait longer and longer between tries). As soon as the host answers again,
// Flet's client is told, and connects again in the page it kept (see comeBack): no reload,
// so no new start of Flutter, which is most of a reload's time on a phone.
//
// The same socket hands the messages that arrive together to Flet's client together, so a
// move that reaches the phone as several patches is drawn in one frame (see Gathered).
(function () {
  "use strict";
  var ALIVE = "/alive";          // answered by the host while it runs
  var TRY_EVERY_MS = 100;        // how often a phone without its host asks again
  var CHECK_EVERY_MS = 10000;    // while connected: is the host still there? (a dropped
  var CHECK_TIMEOUT_MS = 4000;   //   Wi-Fi does not always close the socket)
  var BACK_KEY = "comeback.back";
  var BACK_SHOWN_MS = 2500;      // how long a page that came back says "Back"

  // Flet keeps the tab's session id under a key ending in this name (its web client's
  // session store); tests/browser/test_comeback.py fails if that ever stops being so.
  function forgetSession() {
    try {
      for (var i = window.sessionStorage.length - 1; i >= 0; i--) {
        var key = window.sessionStorage.key(i);
        if (key && key.slice(-"_flet_session_id".length) === "_flet_session_id") {
          window.sessionStorage.removeItem(key);
        }
      }
    } catch (e) { /* no session storage: every connection is new anyway */ }
  }
  forgetSession();

  var banner = null, hideTimer = null;
  // What this page said, how many connections it opened and how many messages its last
  // one brought: what the browser tests wait for (window.comeback).
  var said = [];
  window.comeback = { said: said, sockets: [], opened: 0, heard: 0 };
  // Say `text` in the banner; for `forMs` only, when given (else until something else is
  // said). A page's script runs before its body exists: the banner then waits for it, and
  // its moment starts when it is shown.
  function say(text, tone, forMs) {
    if (said[said.length - 1] !== text) {
      said.push(text);
      try { console.warn("comeback: " + text); } catch (e) { /* no console */ }
    }
    if (hideTimer) { clearTimeout(hideTimer); hideTimer = null; }
    if (!document.body) {
      document.addEventListener("DOMContentLoaded", function () { show(text, tone, forMs); });
      return;
    }
    show(text, tone, forMs);
  }
  function show(text, tone, forMs) {
    if (said[said.length - 1] !== text) return;  // something else was said since
    if (!banner) {
      banner = document.createElement("div");
      banner.id = "comeback";
      banner.setAttribute("role", "alert");
      banner.style.cssText = "position:fixed;left:0;right:0;top:0;z-index:2147483647;" +
        "padding:14px 16px;font:bold 20px/1.3 Roboto,system-ui,sans-serif;text-align:center;" +
        "box-shadow:0 2px 8px rgba(0,0,0,.35);pointer-events:none";
      document.body.appendChild(banner);
    }
    banner.style.background = tone === "good" ? "#2e7d32" : "#b71c1c";
    banner.style.color = "#ffffff";
    banner.textContent = text;
    banner.style.display = "block";
    if (hideTimer) clearTimeout(hideTimer);
    hideTimer = forMs ? setTimeout(function () { banner.style.display = "none"; hideTimer = null; }, forMs) : null;
  }

  // A page that came back says so for a moment.
  try {
    if (window.sessionStorage.getItem(BACK_KEY)) {
      window.sessionStorage.removeItem(BACK_KEY);
      say("Back", "good", BACK_SHOWN_MS);
    }
  } catch (e) { /* nothing to say */ }

  function ask(timeoutMs) {
    var controller = window.AbortController ? new AbortController() : null;
    var timer = controller ? setTimeout(function () { controller.abort(); }, timeoutMs) : null;
    return fetch(ALIVE + "?t=" + Date.now(), { cache: "no-store", signal: controller && controller.signal })
      .then(function (r) { if (timer) clearTimeout(timer); return r.ok; },
            function () { if (timer) clearTimeout(timer); return false; });
  }

  // A host that answers but will not keep this phone's connection (it refuses it, or
  // closes it on purpose) must not make the page reload for ever: after three such loads in
  // a row the phone says so and waits for a person to reload.
  var REFUSED_KEY = "comeback.refused";
  function refusedInARow(quick) {
    var n = 0;
    try { n = parseInt(window.sessionStorage.getItem(REFUSED_KEY) || "0", 10) || 0; } catch (e) {}
    n = quick ? n + 1 : 0;
    try { window.sessionStorage.setItem(REFUSED_KEY, String(n)); } catch (e) {}
    return n;
  }

  var lost = false, leaving = false;
  var sockets = window.comeback.sockets;
  window.addEventListener("pagehide", function () { leaving = true; });
  // A download opened in this tab (the host's "Download this table") asks beforeunload
  // too, and the page stays: still here a moment later, it was not leaving.
  window.addEventListener("beforeunload", function () {
    leaving = true;
    setTimeout(function () { leaving = false; }, 3000);
  });
  function lose(event) {
    if (lost || leaving) return;
    lost = true;
    opened();  // no reload while the host is away: the next answer decides
    // refused: never let in, or closed on purpose by a host that still runs (a host that
    // stops says "going away" or "restart"; one that is killed does not close cleanly)
    var socket = event && event.target;
    var refused = socket ? refusedInARow(!socket.comebackOpened ||
      (event.wasClean === true && event.code !== 1001 && event.code !== 1012)) : 0;
    say("Lost the host: trying again\u2026", "bad");
    sockets.forEach(function (s) { try { RealSocket.prototype.close.call(s); } catch (e) {} });
    (function again() {
      ask(2000).then(function (ok) {
        if (ok && navigator.onLine !== false) {
          if (refused >= 3) {
            say("The host keeps closing this phone's connection: reload the page to try again", "bad");
            return;
          }
          comeBack();
        } else {
          setTimeout(again, TRY_EVERY_MS);
        }
      });
    })();
  }

  // The host answers again. Flet's client is told now that its connection ended (the
  // close it was not told of when it happened), without the session it had: it waits its
  // own short pause (half a second), connects again and is drawn by a new session, while
  // the page, its Flutter engine and its screen stay. A reload would start Flutter again:
  // seconds on a phone (bench/comeback.py). A client that has not connected again in
  // RECONNECT_WITHIN_MS is reloaded, as is every page when the phone asked for it (the
  // bench's baseline: comeback.reload in the tab's session storage).
  var RECONNECT_WITHIN_MS = 8000;
  var RELOAD_KEY = "comeback.reload";
  var reconnecting = null;
  function comeBack() {
    var handed = 0;
    try { if (window.sessionStorage.getItem(RELOAD_KEY)) return reloadNow(); } catch (e) {}
    forgetSession();
    lost = false;
    say("Back", "good", BACK_SHOWN_MS);
    sockets.splice(0).forEach(function (socket) { handed += handOver(socket); });
    if (!handed) return reloadNow();
    reconnecting = setTimeout(reloadNow, RECONNECT_WITHIN_MS);
  }
  function opened() {  // (or lost again: the wait for a connection is over)
    if (reconnecting) { clearTimeout(reconnecting); reconnecting = null; }
  }
  function reloadNow() {
    say("Back", "good");
    try { window.sessionStorage.setItem(BACK_KEY, "1"); } catch (e) {}
    window.location.reload();
  }
  // The close a socket's listeners did not hear, heard now: how many listeners heard it.
  function handOver(socket) {
    var ends = socket.comebackEnds, event = ends.event;
    ends.handed = true;
    var heard = ends.listeners.concat(ends.property ? [ends.property] : []);
    if (!event) event = new CloseEvent("close", { code: 1006, wasClean: false });
    heard.forEach(function (listener) {
      try {
        if (typeof listener === "function") listener.call(socket, event);
        else listener.handleEvent(event);
      } catch (e) { setTimeout(function () { throw e; }); }
    });
    return heard.length;
  }

  // One move reaches a phone as a few messages sent together (Flet sends one patch for
  // each part of the screen that changed: my Undo going, the new totals). The browser hands
  // each message over in a task of its own and may draw a frame between two of them: the
  // phone would lay out and paint the move twice. So the messages that arrive together are
  // handed to Flet's client together, in order, in one task: the first of them waits
  // GATHER_MS for the others (a page that is not shown draws nothing: it gets each at once).
  var GATHER_MS = 4;
  function Gathered(socket, add) {
    var listeners = [], property = null, waiting = [];
    // a handler that throws is reported and the others go on, as when each message was a
    // task of its own: no message of the gathered ones is lost
    function call(handler, event) {
      try {
        if (typeof handler === "function") handler.call(socket, event);
        else handler.handleEvent(event);
      } catch (e) { setTimeout(function () { throw e; }); }
    }
    function handOver() {
      var events = waiting;
      waiting = [];
      events.forEach(function (event) {
        listeners.slice().forEach(function (listener) { call(listener, event); });
        if (property) call(property, event);
      });
    }
    add.call(socket, "message", function (event) {
      window.comeback.heard += 1;
      waiting.push(event);
      if (document.hidden) handOver();
      else if (waiting.length === 1) setTimeout(handOver, GATHER_MS);
    });
    this.listen = function (listener) {
      if (listener && listeners.indexOf(listener) < 0) listeners.push(listener);
    };
    this.forget = function (listener) {
      var at = listeners.indexOf(listener);
      if (at >= 0) listeners.splice(at, 1);
    };
    Object.defineProperty(socket, "onmessage", {
      set: function (handler) { property = typeof handler === "function" ? handler : null; },
      get: function () { return property; }
    });
  }

  // The page's connection is opened while the page still downloads and compiles Flutter,
  // and handed to Flet's client when it asks for it (its first `new WebSocket(url)`, to the
  // same address): Flutter's first frames keep the page busy for a moment after its first
  // frame, and a connection asked for only then opens after them; one already open carries
  // the client's registration at once, and the host's first screen is waiting when they end.
  // A host closes a socket that has not registered within 30 s (companion/sockets.py): one
  // not taken within EARLY_FOR_MS is closed and another opened, until EARLY_UNTIL_MS after
  // the page started; then Flet's client opens its own.
  var EARLY_PATH = "/ws";        // Flet's webSocketEndpoint (its page's config)
  var EARLY_FOR_MS = 25000;
  var EARLY_UNTIL_MS = 60000;
  var RealSocket = window.WebSocket;
  var early = null;
  // what the tests read: how many early connections were made, when the one Flet's client
  // took had opened and when it was taken
  window.comeback.early = { made: 0, openAt: null, takenAt: null };
  function earlyUrl() {
    return (location.protocol === "https:" ? "wss://" : "ws://") + location.host + EARLY_PATH;
  }
  function openEarly() {
    var socket;
    try { socket = new RealSocket(earlyUrl()); } catch (e) { return; }
    socket.binaryType = "arraybuffer";  // as Flet's client sets it
    window.comeback.early.made += 1;
    socket.addEventListener("open", function () { socket.comebackOpenAt = performance.now(); });
    var renew = setTimeout(function () {
      forget();
      if (performance.now() + EARLY_FOR_MS < EARLY_UNTIL_MS) openEarly();
    }, EARLY_FOR_MS);
    function forget() {
      clearTimeout(renew);
      socket.removeEventListener("close", forget);
      if (early === socket) early = null;
      try { socket.close(); } catch (e) { /* closed already */ }
    }
    socket.addEventListener("close", forget);
    early = socket;
    early.comebackSince = performance.now();
    early.comebackTaken = function () {
      clearTimeout(renew);
      socket.removeEventListener("close", forget);
      early = null;
    };
  }
  // The early connection, if it is there, open or opening, to `url` (else null); once.
  function takeEarly(url, protocols) {
    var socket = early;
    var plain = protocols == null || (Array.isArray(protocols) && protocols.length === 0);
    if (!socket || !plain || socket.readyState > RealSocket.OPEN ||
        performance.now() - socket.comebackSince > EARLY_FOR_MS) return null;
    var asked;
    try { asked = new URL(url, location.href).href; } catch (e) { return null; }
    if (asked !== new URL(earlyUrl()).href) return null;
    socket.comebackTaken();
    window.comeback.early.openAt = socket.comebackOpenAt || null;
    window.comeback.early.takenAt = performance.now();
    return socket;
  }
  if (typeof window.URL === "function" && window.performance) openEarly();

  // Flet's client opens its websocket with `new WebSocket(url)`: it gets a real one whose
  // close and error events it never hears (this script takes over from there), and whose
  // messages come gathered (above).
  function PatientSocket(url, protocols) {
    var socket = takeEarly(url, protocols) ||
      (protocols === undefined ? new RealSocket(url) : new RealSocket(url, protocols));
    sockets.push(socket);
    var add = RealSocket.prototype.addEventListener;
    var remove = RealSocket.prototype.removeEventListener;
    function open() {
      socket.comebackOpened = true;
      window.comeback.opened += 1;
      window.comeback.heard = 0;
      opened();
    }
    if (socket.readyState === RealSocket.OPEN) open();
    else add.call(socket, "open", open);
    var ends = socket.comebackEnds = { listeners: [], property: null, event: null, handed: false };
    function ended(event) {
      if (ends.handed) return;  // its end was heard already (a close that came late)
      if (event.type === "close") ends.event = event;
      lose(event);
    }
    add.call(socket, "close", ended);
    add.call(socket, "error", ended);
    var messages = new Gathered(socket, add);
    socket.addEventListener = function (type, listener, options) {
      if (type === "close" || type === "error") {
        if (type === "close" && listener && ends.listeners.indexOf(listener) < 0) ends.listeners.push(listener);
        return;
      }
      if (type === "message") return messages.listen(listener);
      return add.call(socket, type, listener, options);
    };
    socket.removeEventListener = function (type, listener, options) {
      if (type === "message") return messages.forget(listener);
      if (type === "close") {
        var at = ends.listeners.indexOf(listener);
        if (at >= 0) ends.listeners.splice(at, 1);
        return;
      }
      return remove.call(socket, type, listener, options);
    };
    Object.defineProperty(socket, "onclose", {
      set: function (handler) { ends.property = typeof handler === "function" ? handler : null; },
      get: function () { return ends.property; } });
    Object.defineProperty(socket, "onerror", { set: function () {}, get: function () { return null; } });
    return socket;
  }
  PatientSocket.prototype = RealSocket.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (name) { PatientSocket[name] = RealSocket[name]; });
  window.WebSocket = PatientSocket;

  window.addEventListener("offline", function () { lose(); });
  setInterval(function () {
    if (lost || document.hidden) return;
    ask(CHECK_TIMEOUT_MS).then(function (ok) {
      if (ok || lost) return;
      ask(CHECK_TIMEOUT_MS).then(function (again) { if (!again) lose(); });
    });
  }, CHECK_EVERY_MS);
  // a phone waking up: check at once instead of at the next tick
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && !lost) ask(CHECK_TIMEOUT_MS).then(function (ok) { if (!ok) lose(); });
  });
})();
