import type de from "../de/account-settings";

const accountSettings: typeof de = {
  placeholder: "",
};

export default accountSettings;
