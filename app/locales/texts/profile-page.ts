// The German "profilePage" texts, registered when a module that shows them loads (decision 055).
import { registerTexts } from "~/lib/i18n";
import profilePage from "../de/profile-page";

registerTexts("de", { profilePage });
