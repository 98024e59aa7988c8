import type de from "../de/cookies";

const cookies: typeof de = {
  title: "Cookie settings",
  intro:
    "This website only sets strictly necessary cookies. We use no analytics, advertising or tracking cookies and therefore show no consent banner.",
  name: "Name",
  purpose: "Purpose",
  duration: "Duration",
  session: "Keeps you signed in (session).",
  sessionDuration: "30 days, extended while in use",
  language: "Remembers the chosen language.",
  languageDuration: "1 year",
};

export default cookies;
