export interface EndpointRef {
  method: string;
  path: string;
}

/** Splits "POST /rest/api/v1/chat" into its method and path. The schema guarantees the shape. */
export function parseEndpoint(text: string): EndpointRef {
  const space = text.indexOf(' ');
  return { method: text.slice(0, space), path: text.slice(space + 1) };
}
