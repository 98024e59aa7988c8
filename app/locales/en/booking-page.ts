import type de from "../de/booking-page";

const bookingPage: typeof de = {
  metaTitle: "Book: {{title}}",
  noScript:
    "Without JavaScript, price and availability are checked when you submit; the summary shows the price for the dates chosen originally.",
};

export default bookingPage;
