import { describe, expect, it } from "vitest";
import { AI_DESCRIPTION_MAX_LENGTH, checkAiDescriptionInput } from "./ai-description";
import { cleanText } from "./ai-description.server";

describe("checkAiDescriptionInput", () => {
  it("asks for a description when there is only whitespace", () => {
    expect(checkAiDescriptionInput("")).toBe("descriptionRequired");
    expect(checkAiDescriptionInput(" \n\t")).toBe("descriptionRequired");
  });

  it("takes up to 10,000 characters", () => {
    expect(checkAiDescriptionInput("Schöne Wohnung")).toBeNull();
    expect(checkAiDescriptionInput("a".repeat(AI_DESCRIPTION_MAX_LENGTH))).toBeNull();
    expect(checkAiDescriptionInput("a".repeat(AI_DESCRIPTION_MAX_LENGTH + 1))).toBe("tooLong");
  });
});

describe("cleanText (the model's answer as it goes into the field)", () => {
  it("keeps paragraphs and drops outer whitespace", () => {
    expect(cleanText("\n  Erster Absatz.\r\n\r\nZweiter Absatz.  \n")).toBe(
      "Erster Absatz.\n\nZweiter Absatz.",
    );
  });

  it("removes control characters the server refuses in form fields, keeping tabs", () => {
    expect(cleanText("Balkon\u0000 mit\u001b Meerblick\tund Sonne\u007f")).toBe(
      "Balkon mit Meerblick\tund Sonne",
    );
  });

  it("drops quotes around the whole text, but not quotes inside it", () => {
    expect(cleanText("„Helle Wohnung am See.“")).toBe("Helle Wohnung am See.");
    expect(cleanText('"Helle Wohnung am See."')).toBe("Helle Wohnung am See.");
    expect(cleanText("„Haus „Seeblick“ am Ufer“")).toBe("„Haus „Seeblick“ am Ufer“");
    expect(cleanText('Das "Haus am See" liegt ruhig.')).toBe('Das "Haus am See" liegt ruhig.');
  });
});
