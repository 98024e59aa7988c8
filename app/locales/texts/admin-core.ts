// The German "admin" texts, registered when a module that shows them loads (decision 055).
import { registerTexts } from "~/lib/i18n";
import admin from "../de/admin-core";

registerTexts("de", { admin });
