import type de from "../de/admin-property-ai";

/** English texts of "Optimise with AI" beside the property description. */
const adminPropertyAi: typeof de = {
  button: "Optimise with AI",
  pending: "Optimising the description …",
  notConfigured: "AI text optimisation is not configured",
  resultTitle: "AI suggestion",
  resultHint:
    "Review the suggestion: it replaces the description only with “Accept” and is stored only when the form is saved.",
  original: "Current description",
  suggestion: "Optimised description",
  accept: "Accept",
  discard: "Discard",
  accepted: "The suggestion now is the description. Save the form to keep it.",
  discarded: "The suggestion was discarded.",
  errors: {
    descriptionRequired: "Please enter a description first",
    tooLong: "The description is too long for text optimisation (at most {{max}} characters).",
    notConfigured: "AI text optimisation is not configured",
    rateLimited:
      "You have reached the limit of {{max}} text optimisations per hour. Please try again later.",
    emptyResult: "No optimised description received",
    truncated:
      "The optimised description was too long and was cut off. Please shorten the description and try again.",
    failed: "Error while optimising the text",
  },
};

export default adminPropertyAi;
