import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SWAGGER_UI_FILES, SWAGGER_UI_VERSION, sendSwaggerUiFile } from './docs-assets.ts';
import { buildOpenApiDocument, type DocumentedRoute } from './openapi-document.ts';

/**
 * `{prefix}/docs`: a browsable page of the API (Swagger UI) over `{prefix}/docs/json`, the OpenAPI 3.1 document
 * written from the routes' own schemas. Call it on the root instance before the API's routes are registered: it
 * collects every route under the prefix as Fastify adds it, in whichever plugin.
 */
export function registerApiDocs(app: FastifyInstance, options: { prefix: string; title: string; version: string }) {
  const { prefix } = options;
  const docsPath = `${prefix}/docs`;
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (route) => {
    const url = route.url.toLowerCase();
    const docs = docsPath.toLowerCase();
    // The docs' own routes are pages, not operations of the API.
    if (!url.startsWith(`${prefix.toLowerCase()}/`) || url === docs || url.startsWith(`${docs}/`)) return;
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD route beside every GET: the same operation.
      if (method !== 'HEAD') routes.push({ method, url: route.url, schema: route.schema });
    }
  });

  // Written on the first request, when every route has been registered; the routes do not change afterwards.
  let documentJson: string | undefined;
  const assetsPath = `${docsPath}/swagger-ui/${SWAGGER_UI_VERSION}`;

  app.get(`${docsPath}/json`, (_request, reply) => {
    documentJson ??= JSON.stringify(buildOpenApiDocument(routes, options));
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(documentJson);
  });

  app.get(docsPath, (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('content-security-policy', DOCS_PAGE_POLICY)
      .send(docsPage({ title: options.title, assetsPath, initPath: `${docsPath}/init.js` })),
  );

  app.get(`${docsPath}/init.js`, (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(initScript(`${docsPath}/json`)),
  );

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      `${assetsPath}/:file`,
      { schema: { params: z.object({ file: z.enum(Object.keys(SWAGGER_UI_FILES)) }) } },
      (request, reply) => sendSwaggerUiFile(request, reply, request.params.file),
    );
}

/**
 * The docs page runs Swagger UI from this server's own files; Swagger UI sets inline styles and draws its icons as
 * data: images, and its "Try it out" calls this API. Nothing else, and nothing may frame it.
 */
const DOCS_PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function docsPage(paths: { title: string; assetsPath: string; initPath: string }): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${paths.title}</title>
    <link rel="stylesheet" href="${paths.assetsPath}/swagger-ui.css" />
  </head>
  <body>
    <div id="api-docs"></div>
    <script src="${paths.assetsPath}/swagger-ui-bundle.js"></script>
    <script src="${paths.initPath}"></script>
  </body>
</html>
`;
}

/**
 * Starts Swagger UI on the document. A separate file rather than an inline script, so the page keeps working under
 * a Content-Security-Policy without 'unsafe-inline'. No validator badge: it would send the document to swagger.io.
 */
function initScript(documentPath: string): string {
  return `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(documentPath)},
  dom_id: '#api-docs',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;
}
