import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

// Tests only: checks an answer of /api/v1/ against the OpenAPI document the API itself serves, so a schema that
// drifts from what a route answers fails the test that made the call.

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

export interface Contract {
  /** The document's path template an actual path of /api/v1/ matches ('/tournaments/{id}'), or null. */
  templateOf(path: string): string | null;
  /** Throws unless `body` is what the document says `method path` answers with `status`. */
  check(method: string, path: string, status: number, body: unknown): void;
}

export function contractOf(doc: OpenApiDocument): Contract {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: 'doc', components: doc.components });
  const compiled = new Map<string, ValidateFunction>();
  const templates = Object.keys(doc.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));
  const templateOf = (path: string) => templates.find((t) => t.pattern.test(path))?.template ?? null;
  return {
    templateOf,
    check(method, path, status, body) {
      const template = templateOf(path);
      if (!template) throw new Error(`${path}: not a path of the document`);
      const operation = doc.paths[template]?.[method.toLowerCase()];
      if (!operation) throw new Error(`${method} ${template}: not in the document`);
      const response = operation.responses[String(status)];
      if (!response) throw new Error(`${method} ${template}: ${status} is not a documented answer`);
      const schema = response.content?.['application/json']?.schema;
      if (!schema) {
        if (body !== undefined) throw new Error(`${method} ${template} ${status}: documented without a body`);
        return;
      }
      const key = `${method} ${template} ${status}`;
      let validate = compiled.get(key);
      if (!validate) {
        const text = JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/');
        validate = ajv.compile(JSON.parse(text) as object);
        compiled.set(key, validate);
      }
      if (!validate(body)) {
        throw new Error(`${key}: the answer does not match its schema: ${ajv.errorsText(validate.errors)}`);
      }
    },
  };
}
