// Like the server (entry.server.tsx): every language's texts are registered.
import "~/locales/all-languages.server";
