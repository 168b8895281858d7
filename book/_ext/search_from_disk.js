/* iso4213-nb: search results with their snippets in a book opened from disk (file://).
 *
 * Sphinx's search page fetches each page it lists to cut a snippet from its text; a browser refuses fetch() on
 * file:// addresses, so the results came without snippets.  The build (book/_ext/search_from_disk.py) writes
 * each page's main content as a script, _search/<page>.js, which calls iso4213SearchPage(page, html).  On a page
 * opened from disk this file answers the search page's fetch of <page>.html by loading that script (scripts do
 * load from disk) and handing Sphinx the same main content it would have fetched.  Served over http(s), fetch
 * is left alone.
 */
(function () {
  "use strict";
  if (window.location.protocol !== "file:" || typeof window.fetch !== "function") { return; }
  var waiting = {};
  var originalFetch = window.fetch.bind(window);

  window.iso4213SearchPage = function (page, html) {
    (waiting[page] || []).forEach(function (done) { done(html); });
    delete waiting[page];
  };

  window.fetch = function (resource, options) {
    var root = new URL(document.documentElement.dataset.content_root || "./", window.location.href).href;
    var address = new URL(String(resource && resource.url ? resource.url : resource), window.location.href).href;
    if (address.indexOf(root) !== 0 || !/\.html$/.test(address)) { return originalFetch(resource, options); }
    var page = decodeURIComponent(address.slice(root.length, -".html".length));
    return new Promise(function (resolve, reject) {
      (waiting[page] = waiting[page] || []).push(function (html) {
        resolve(new Response(html, { headers: { "Content-Type": "text/html" } }));
      });
      var script = document.createElement("script");
      script.src = root + "_search/" + page.split("/").map(encodeURIComponent).join("/") + ".js";
      script.onerror = function () { delete waiting[page]; reject(new TypeError("no search text for " + page)); };
      script.onload = function () { script.remove(); };
      document.head.appendChild(script);
    });
  };
})();
