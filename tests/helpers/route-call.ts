/**
 * Calls a route module's loader or action the way React Router would (a real Request with the
 * session cookie) and reads the answer, returned or thrown: status, Location, data.
 */
export type RouteAnswer<T = Record<string, unknown>> = {
  status: number;
  location: string | null;
  data: T | null;
  response: Response | null;
};

type Handler = (args: never) => unknown;
let address = 0;

function read<T>(value: unknown): RouteAnswer<T> {
  if (value instanceof Response) {
    return {
      status: value.status,
      location: value.headers.get("location"),
      data: null,
      response: value,
    };
  }
  if (value && typeof value === "object" && "init" in value) {
    const result = value as { data?: unknown; init?: ResponseInit | null };
    return {
      status: result.init?.status ?? 200,
      location: new Headers(result.init?.headers).get("location"),
      data: (result.data ?? null) as T | null,
      response: null,
    };
  }
  return { status: 200, location: null, data: value as T, response: null };
}

export async function callRoute<T = Record<string, unknown>>(
  handler: Handler,
  options: {
    url: string;
    cookie?: string | null;
    params?: Record<string, string>;
    /** Fields; pairs for a name sent more than once (checkboxes). */
    form?: Record<string, string> | [string, string][];
  },
): Promise<RouteAnswer<T>> {
  const headers: Record<string, string> = { origin: "http://localhost:3000" };
  if (options.cookie) headers.cookie = options.cookie;
  const request = new Request(`http://localhost:3000${options.url}`, {
    method: options.form ? "POST" : "GET",
    headers,
    body: options.form ? new URLSearchParams(options.form) : undefined,
  });
  const args = {
    request,
    params: options.params ?? {},
    context: { requestId: "test", clientIp: `198.51.100.${(++address % 250) + 1}`, nonce: "" },
  } as never;
  try {
    return read<T>(await handler(args));
  } catch (thrown) {
    if (thrown instanceof Error) throw thrown;
    return read<T>(thrown);
  }
}
