/**
 * The HTML page every route is rendered into: Docusaurus's own template, except for how the
 * site's scripts start.
 *
 * Docusaurus loads its scripts with `defer`, so the browser runs them as soon as they have
 * arrived and the page is parsed, and that can be before it has painted anything: on a fast
 * connection, or with the scripts in the cache, the page's first paint waited for the whole of
 * main.js to run (about 200 ms of script at a phone's speed). Here the scripts are preloaded
 * from the head, at the low priority deferred scripts have, so they download as early as
 * before; once the page is parsed they start after it has been painted: two frames later, and,
 * where the browser reports its largest paint, once it has reported one made after parsing (or
 * 100 ms after the second frame, when everything had been painted before). The reader sees the
 * whole page as soon as the HTML and CSS allow, and hydration starts at most about 100 ms later
 * than before. A hidden tab (no frames) starts them when the page is parsed. The 100 ms count
 * from the second frame, not from parsing: where frames come slowly (a long page's first layout
 * on a slow phone, or a browser under Lighthouse, whose frames came a second apart), the second
 * frame came more than 100 ms after parsing, and the scripts started before the browser had
 * reported the paint, so that a measurement took main.js for part of what the paint waited for.
 * Scripts added by script run in the order added when `async` is false, as deferred ones do.
 * The starter reads the scripts' addresses from the preload links (`data-start`) rather than
 * holding them itself, so it is the same on every page: the Content-Security-Policy allows it
 * by one hash (src/plugins/security-headers).
 *
 * The browser is also asked not to paint the page before it has parsed the whole of it: the link
 * `rel=expect` in the head holds rendering until the empty element `__parsed`, after the page's
 * markup, is in the document. Without it a browser may paint a page it has only partly parsed,
 * when the HTML arrives in pieces or the parser yields on a busy processor, and what comes next
 * moves what it painted: the navbar's right-hand items move left as each is added, a select
 * widens as its options arrive, a table's columns change with its rows. The element is empty and
 * outside the app's root, so React never sees it. Browsers without `rel=expect` ignore the link.
 *
 * First screen: code blocks far from the viewport are not laid out until the reader nears them
 * (content-visibility: auto in src/css/custom.css). While a page was held from painting the
 * browser had not yet decided which blocks are near, and laid out those on the first screen at
 * their estimated height, then at their own: a layout shift as the page was first shown. A script
 * at the end of the markup marks the code blocks in (or at the top of) the article's blocks that
 * start on the first screen with `data-first-screen`, which custom.css leaves out. It sets only an
 * attribute React does not manage, so hydration keeps it.
 */
export const ssrTemplate = `
<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <link rel="expect" href="#__parsed" blocking="render">
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
    <% it.scripts.forEach((script) => { %>
      <link rel="preload" as="script" fetchpriority="low" href="<%= it.baseUrl %><%= script %>" data-start />
    <% }); %>
    <script>
      (function () {
        // The scripts to start, in the order of their preload links above.
        var links = document.querySelectorAll('link[rel="preload"][as="script"][data-start]');
        var urls = Array.prototype.map.call(links, function (link) { return link.href; });
        var started = false;
        // Until the scripts have run, a stand-in tells Docusaurus's base-address check (which
        // looks for window.docusaurus when the page is parsed) that they are on their way; if one
        // cannot be loaded, the check's banner is shown as it would have been.
        var loading = {};
        window.docusaurus = loading;
        function failed() {
          if (window.docusaurus !== loading) return;
          delete window.docusaurus;
          if (typeof insertBanner === 'function') insertBanner();
        }
        function start() {
          if (started) return;
          started = true;
          urls.forEach(function (url) {
            var script = document.createElement('script');
            script.src = url;
            script.async = false;
            script.onerror = failed;
            document.head.appendChild(script);
          });
        }
        // Once the page is parsed: two frames (the first paints the parsed page), then, where the
        // browser reports its largest paint, until it has reported one made since, or 100 ms.
        function afterPaint() {
          if (document.visibilityState === 'hidden') {
            start();
            return;
          }
          var parsedAt = performance.now();
          var painted = false;
          var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
          if (types.indexOf('largest-contentful-paint') !== -1) {
            var observer = new PerformanceObserver(function (list) {
              painted = painted || list.getEntries().some(function (entry) { return entry.startTime >= parsedAt; });
            });
            observer.observe({ type: 'largest-contentful-paint', buffered: true });
          } else {
            painted = true;
          }
          requestAnimationFrame(function () {
            requestAnimationFrame(function () {
              var framedAt = performance.now();
              (function wait() {
                if (painted || performance.now() - framedAt >= 100) {
                  if (observer) observer.disconnect();
                  start();
                } else {
                  setTimeout(wait, 10);
                }
              })();
            });
          });
        }
        if (document.readyState === 'loading') {
          document.addEventListener('DOMContentLoaded', afterPaint);
        } else {
          afterPaint();
        }
      })();
    </script>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <script>
      (function () {
        // The code blocks on the first screen are laid out from the first paint on; the browser
        // skips the others until the reader nears them (content-visibility in custom.css). See
        // "First screen" above.
        var blocks = document.querySelectorAll('.theme-doc-markdown > *');
        for (var i = 0; i < blocks.length && blocks[i].getBoundingClientRect().top < window.innerHeight; i++) {
          var code = blocks[i].matches('.theme-code-block') ? [blocks[i]] : blocks[i].querySelectorAll('.theme-code-block');
          for (var j = 0; j < code.length; j++) code[j].setAttribute('data-first-screen', '');
        }
      })();
    </script>
    <span id="__parsed" hidden></span>
    <%~ it.postBodyTags %>
  </body>
</html>
`;
