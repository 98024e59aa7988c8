import { registerCatalogue } from "~/lib/i18n";
import en from "./en";

// Imported for its effect by entry.server.tsx (and the test set-ups): the server renders pages
// and e-mails in every language.
registerCatalogue("en", en);
