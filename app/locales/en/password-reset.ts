import type de from "../de/password-reset";

const passwordReset: typeof de = {
  placeholder: "",
};

export default passwordReset;
