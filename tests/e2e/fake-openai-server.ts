import { modeFromMarker, startFakeOpenAi } from "../helpers/fake-openai";

/**
 * Playwright global setup: a local chat-completions server for "Mit KI optimieren"; the app
 * under test is pointed at it (OPENAI_* in playwright.config.ts). It checks the key and model
 * like the real API and answers by markers in the description ("[leer]", "[fehler]"), so
 * parallel journeys each get their own case. The port follows E2E_PORT (3700 for 3100, 3740
 * for 3140 …) so parallel runs don't collide.
 */
export const e2eOpenAiPort = () =>
  Number(process.env.E2E_OPENAI_PORT ?? 3700 + Number(process.env.E2E_PORT ?? 3100) - 3100);

/** A made-up key: the journeys check that it never reaches the browser. */
export const E2E_OPENAI_KEY = "sk-e2e-fake-openai-key-5f1c0b7d";
export const E2E_OPENAI_MODEL = "gpt-4o-mini";

export default async function globalSetup() {
  const fake = await startFakeOpenAi({
    apiKey: E2E_OPENAI_KEY,
    model: E2E_OPENAI_MODEL,
    port: e2eOpenAiPort(),
    mode: modeFromMarker,
  });
  // Returned function = global teardown.
  return () => fake.close();
}
