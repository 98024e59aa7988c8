import type de from "../de/search";

const search: typeof de = {
  placeholder: "",
};

export default search;
