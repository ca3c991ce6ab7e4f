// Any language tag boots (served inline, first in every page, by companion/language.py).
//
// Flutter's web engine reads every tag of navigator.languages with Intl.Locale before the
// app starts, and one tag it rejects leaves the page on its loading logo for good
// (flutter#190510, fixed after the Flutter in this Flet). Browsers do report such tags:
// WebKit under LANG=C.UTF-8 says "C", Chromium with no LANG says "en-US@posix". So the
// page reads the phone's tags first and, when one would be rejected, shows Flutter the
// phone's own language made valid ("de_DE.UTF-8" -> "de-DE") or, failing that, "en-US".
(function () {
  "use strict";
  var FALLBACK = "en-US";
  var NOT_LANGUAGES = { c: true, posix: true };  // what a system without a locale says

  // A tag Intl.Locale takes (canonical), from what the phone says; null if none can be made.
  function validTag(said) {
    if (typeof said !== "string") return null;
    var tag = said.split(/[.@]/)[0].replace(/_/g, "-").trim();
    if (!tag || NOT_LANGUAGES[tag.toLowerCase()]) return null;
    try {
      return new Intl.Locale(tag).toString();
    } catch (e) {
      return null;
    }
  }

  function taken(tag) {  // a language, as Flutter's engine reads it
    if (NOT_LANGUAGES[tag.toLowerCase()]) return false;
    try {
      return Boolean(new Intl.Locale(tag));
    } catch (e) {
      return false;
    }
  }

  if (typeof Intl !== "object" || typeof Intl.Locale !== "function") return;
  var said = [];
  try {
    said = Array.prototype.slice.call(navigator.languages || []);
    said.push(navigator.language);
  } catch (e) { /* nothing readable: the fallback below */ }
  var fine = said.filter(function (tag) { return typeof tag === "string" && tag; });
  if (fine.length && fine.every(taken)) return;  // the usual case: the page is left alone

  var tags = [];
  said.forEach(function (tag) {
    var valid = validTag(tag);
    if (valid && tags.indexOf(valid) < 0) tags.push(valid);
  });
  if (!tags.length) tags.push(FALLBACK);
  try {
    Object.defineProperty(navigator, "languages", { get: function () { return tags.slice(); }, configurable: true });
    Object.defineProperty(navigator, "language", { get: function () { return tags[0]; }, configurable: true });
  } catch (e) { /* a browser that will not let it be said: Flutter decides */ }
})();
