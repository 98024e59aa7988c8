// The German "priceBox" texts, registered when a module that shows them loads (decision 055).
import { registerTexts } from "~/lib/i18n";
import priceBox from "../de/price-box";

registerTexts("de", { priceBox });
