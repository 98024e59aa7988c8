import { registerCatalogue, registerTexts } from "~/lib/i18n";
import en from "./en";
import { routeTextsDe } from "./route-texts";

// Imported for its effect by entry.server.tsx (and the test set-ups): the server renders pages
// and e-mails in every language, with every page's German texts (the browser gets each page's
// own through `./texts/*`, decision 055).
registerCatalogue("en", en);
registerTexts("de", routeTextsDe);
