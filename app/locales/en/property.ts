import type de from "../de/property";

const property: typeof de = {
  placeholder: "",
};

export default property;
