/**
 * /api/v1/docs: the API's reference page, Swagger UI (swagger-ui-dist) reading /api/v1/openapi.json. Its files are
 * copied into the build under /vendor/swagger-ui/ (vite.config.ts) and served from our own origin like the app's,
 * so the page keeps the league's CSP: no CDN, and no inline script (the start-up call is a file of its own).
 */
export const SWAGGER_UI_PATH = '/vendor/swagger-ui';

export function docsPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>WTA Public API v1</title>
<meta name="description" content="Reference of the WTA league's public API: tournaments, brackets, standings, players, teams, leaderboards and the archive.">
<link rel="stylesheet" href="${SWAGGER_UI_PATH}/swagger-ui.css">
<link rel="stylesheet" href="${SWAGGER_UI_PATH}/docs.css">
</head>
<body>
<main>
<noscript><p>The reference needs JavaScript. The API's description is at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</p></noscript>
<div id="swagger-ui" aria-live="polite"><p>Loading the API reference...</p></div>
</main>
<script src="${SWAGGER_UI_PATH}/swagger-ui-bundle.js"></script>
<script src="${SWAGGER_UI_PATH}/docs.js"></script>
</body>
</html>`;
}
