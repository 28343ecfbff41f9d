// Page-view recorder of the visitor pages (issue 30): sends a view on each page and the time spent on it when the
// visitor leaves, by navigator.sendBeacon, only while the cookie choice is "true" (the server checks it again).
(function () {
  var url = '/resources/visit', cur = null, start = 0;
  var recorded = /^\/(convention|exhibition|stage|virtual-room|standalone-room|content)\//;
  function consented() { return /(?:^|;\s*)cookieConsent=true(?:;|$)/.test(document.cookie); }
  function send(message) {
    if (!consented()) return;
    // a form body (application/x-www-form-urlencoded): the server takes no other posts than forms
    var body = new URLSearchParams({ m: JSON.stringify(message) });
    if (navigator.sendBeacon && navigator.sendBeacon(url, body)) return;
    fetch(url, { method: 'POST', body: body, keepalive: true, credentials: 'same-origin' }).catch(function () {});
  }
  function leave() {
    if (cur && start) send({ t: 'l', p: cur, d: Date.now() - start });
    start = 0;
  }
  function view() {
    var path = location.pathname;
    if (path === cur) return;
    leave();
    var from = cur;
    if (!from && document.referrer.indexOf(location.origin + '/') === 0) from = new URL(document.referrer).pathname;
    cur = recorded.test(path) ? path : null;
    if (!cur) return;
    start = Date.now();
    send({ t: 'v', p: path, f: from });
  }
  function later() { setTimeout(view, 0); }
  ['pushState', 'replaceState'].forEach(function (name) {
    var original = history[name];
    history[name] = function () { var result = original.apply(this, arguments); later(); return result; };
  });
  addEventListener('popstate', later);
  addEventListener('pagehide', leave);
  document.addEventListener('visibilitychange', function () { if (document.visibilityState === 'hidden') leave(); });
  view();
})();
