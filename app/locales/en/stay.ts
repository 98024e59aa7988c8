import type de from "../de/stay";

const stay: typeof de = {
  notFound: "Property not found",
  notFoundText: "This property does not exist or is currently not available.",
  loadFailed: "The property could not be loaded",
  loadFailedText: "Please try again later.",
  backToSearch: "Back to search",
  freeCancellation: "Free cancellation until {{date}}",
  freeCancellationAt: "Free cancellation until {{date}}, {{time}}",
  notFree: "No free cancellation",
  feeAfter: "After that the cancellation fee is {{percentage}} % of the total price.",
  fee: "Cancellation fee: {{percentage}} % of the total price.",
  touristTax: "Tourist tax",
};

export default stay;
