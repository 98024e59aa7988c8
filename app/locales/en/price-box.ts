import type de from "../de/price-box";

const priceBox: typeof de = {
  placeholder: "",
};

export default priceBox;
