/**
 * A local HTTP server that speaks the chat-completions API the way OpenAI does, for the tests of
 * "Mit KI optimieren" (integration tests and the E2E app server). It checks what the app must
 * send — the Bearer key, the model, temperature, max_tokens and the two messages — and answers
 * a request it finds wrong with 400 and the reason, as the real API would refuse it.
 *
 * What it answers is chosen per request by `mode(description)`, so parallel tests can each ask
 * for their own case by the text they send (the E2E fake reads markers such as "[leer]").
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeMode =
  /** 200 with the rewrite `Optimiert: <description>` */
  | "success"
  /** 200 with `choices: []` */
  | "empty"
  /** 200 with a choice whose content is blank */
  | "blank"
  /** 200, the answer stopped at max_tokens (`finish_reason: "length"`) */
  | "truncated"
  /** 500 with an error body */
  | "error"
  /** headers never come: the client's time-out must end the request */
  | "slow"
  /** 200 with a body that is not JSON */
  | "malformed"
  /** 200 with JSON of another shape */
  | "wrong-shape";

export type ChatRequest = {
  authorization: string | undefined;
  path: string;
  body: {
    model?: unknown;
    temperature?: unknown;
    max_tokens?: unknown;
    messages?: { role: string; content: string }[];
  };
};

export type FakeOpenAi = {
  /** Base URL as OPENAI_BASE_URL takes it, e.g. http://127.0.0.1:4567/v1 */
  baseUrl: string;
  /** Every request that reached /v1/chat/completions, in order. */
  requests: ChatRequest[];
  close: () => Promise<void>;
};

/** The rewrite the fake returns for `description` in "success" mode. */
export const fakeRewrite = (description: string) => `Optimiert: ${description}`;

/** E2E: the case is chosen by a marker in the description the test types. */
export function modeFromMarker(description: string): FakeMode {
  if (description.includes("[leer]")) return "empty";
  if (description.includes("[fehler]")) return "error";
  if (description.includes("[kaputt]")) return "malformed";
  return "success";
}

export async function startFakeOpenAi(options: {
  apiKey: string;
  model: string;
  port?: number;
  host?: string;
  mode?: (description: string) => FakeMode;
}): Promise<FakeOpenAi> {
  const requests: ChatRequest[] = [];
  const mode = options.mode ?? (() => "success");
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(typeof body === "string" ? body : JSON.stringify(body));
      };
      const refuse = (status: number, message: string) =>
        send(status, { error: { message, type: "invalid_request_error" } });
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        return refuse(404, `unknown endpoint ${req.method} ${req.url}`);
      }
      let body: ChatRequest["body"];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        return refuse(400, "body is not JSON");
      }
      requests.push({ authorization: req.headers.authorization, path: req.url, body });
      if (req.headers.authorization !== `Bearer ${options.apiKey}`) {
        return refuse(401, "Incorrect API key provided");
      }
      if (req.headers["content-type"] !== "application/json") {
        return refuse(400, "content-type must be application/json");
      }
      if (body.model !== options.model) return refuse(404, `model ${String(body.model)} unknown`);
      if (body.temperature !== 0.7) return refuse(400, "temperature must be 0.7");
      if (typeof body.max_tokens !== "number" || body.max_tokens > 3000 || body.max_tokens < 1) {
        return refuse(400, "max_tokens must be 1…3000");
      }
      const messages = body.messages ?? [];
      if (
        messages.length !== 2 ||
        messages[0].role !== "system" ||
        messages[1].role !== "user" ||
        typeof messages[0].content !== "string" ||
        typeof messages[1].content !== "string"
      ) {
        return refuse(400, "expected one system and one user message");
      }
      const description = messages[1].content;
      const completion = (content: string | null, finish = "stop") => ({
        id: "chatcmpl-fake",
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: options.model,
        choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: finish }],
        usage: { prompt_tokens: 100, completion_tokens: 100, total_tokens: 200 },
      });
      switch (mode(description)) {
        case "success":
          return send(200, completion(fakeRewrite(description)));
        case "empty":
          return send(200, { ...completion(null), choices: [] });
        case "blank":
          return send(200, completion("  \n "));
        case "truncated":
          return send(200, completion(fakeRewrite(description).slice(0, 20), "length"));
        case "error":
          return refuse(500, "The server had an error while processing your request.");
        case "slow":
          // Never answers; the client gives up (its AbortSignal), closing the socket.
          return;
        case "malformed":
          res.writeHead(200, { "content-type": "application/json" });
          return res.end('{"choices": [{"message": ');
        case "wrong-shape":
          return send(200, { result: fakeRewrite(description) });
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        // The "slow" requests hold their sockets open.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
