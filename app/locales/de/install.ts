/** German texts of the footer's "App installieren" how-to (loaded on its first click). */
const install = {
  title: "Zum Startbildschirm hinzufügen",
  intro:
    "Sie können diese Website wie eine App installieren – ohne App-Store, ohne Download-Größe.",
  ios: "iPhone/iPad (Safari): Tippen Sie auf „Teilen“ und dann auf „Zum Home-Bildschirm“.",
  android:
    "Android (Chrome): Öffnen Sie das Menü ⋮ und wählen Sie „App installieren“ oder „Zum Startbildschirm hinzufügen“.",
  desktop: "Computer (Chrome, Edge): Klicken Sie in der Adressleiste auf das Installieren-Symbol.",
};

export default install;
