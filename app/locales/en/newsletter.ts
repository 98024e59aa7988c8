import type de from "../de/newsletter";

const newsletter: typeof de = {
  email: "E-mail",
  placeholder: "Your e-mail address",
  submit: "Subscribe",
  submitting: "Sending...",
  pending: "Please confirm your subscription with the link in the e-mail we have sent you.",
  invalid: "Please enter a valid e-mail address.",
  tooMany: "Too many attempts. Please wait a moment and try again.",
  failed: "Your subscription could not be saved. Please try again later.",
  invalidLink: "This link is invalid or has expired.",
  backHome: "Back to the home page",
  confirm: {
    title: "Confirm newsletter subscription",
    intro: "Please confirm that you would like to receive our newsletter.",
    button: "Confirm subscription",
    done: "Your newsletter subscription is confirmed.",
  },
  unsubscribe: {
    title: "Unsubscribe from the newsletter",
    intro: "Don't want to receive our newsletter any more?",
    button: "Unsubscribe",
    done: "You have been unsubscribed from the newsletter.",
  },
};

export default newsletter;
