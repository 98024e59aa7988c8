import type de from "../de/install";

const install: typeof de = {
  title: "Add to home screen",
  intro: "You can install this website like an app – no app store, no download size.",
  ios: "iPhone/iPad (Safari): tap “Share”, then “Add to Home Screen”.",
  android: "Android (Chrome): open the ⋮ menu and choose “Install app” or “Add to Home screen”.",
  desktop: "Computer (Chrome, Edge): click the install icon in the address bar.",
};

export default install;
