/* global window, document, MutationObserver */
// The API reference's start-up (edge/v1/docs.ts): a file, not an inline script, so the page keeps the league's CSP.
window.addEventListener('load', function () {
  window.ui = window.SwaggerUIBundle({
    url: '/api/v1/openapi.json',
    dom_id: '#swagger-ui',
    // Off: with deep links each path is a link inside the operation's own button, two controls in one for keyboards
    // and screen readers (axe: nested-interactive).
    deepLinking: false,
    // Every path listed at once: the reference is read top to bottom, and searched with the browser's find.
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    tryItOutEnabled: false,
  });
  // Swagger UI's server picker has no label of its own: name it for screen readers whenever it is drawn.
  new MutationObserver(function () {
    var select = document.getElementById('servers');
    if (select && !select.hasAttribute('aria-label')) select.setAttribute('aria-label', 'Server');
  }).observe(document.getElementById('swagger-ui'), { childList: true, subtree: true });
});
