import type de from "../de/auth";

const auth: typeof de = {
  signInTitle: "Sign in",
  registerTitle: "Register",
  signInIntro: "Sign in with your account.",
  registerIntro: "Create an account to book apartments.",
  name: "Name",
  email: "E-mail",
  password: "Password",
  passwordHint: "At least 8 characters",
  submitSignIn: "Sign in",
  submitRegister: "Register",
  toRegister: "No account yet? Register now",
  toSignIn: "Already have an account? Sign in",
  forgotPassword: "Forgot your password?",
  legal:
    "Bookings are subject to our <agb>terms and conditions</agb>; how we handle your data is explained in our <privacy>privacy policy</privacy>. Questions? <contact>Contact</contact>",
  invalidCredentials: "E-mail or password is incorrect",
  missingFields: "Please enter your e-mail and password.",
  registrationFailed: "Registration failed. Please try again.",
  passwordTooShort: "The password must be at least 8 characters long",
  passwordTooLong: "The password must be at most 128 characters long",
  nameRequired: "Please enter your name.",
  nameTooLong: "The name may be at most 200 characters long.",
  invalidEmail: "Please enter a valid e-mail address.",
  /** Under the field; the banner (emailTaken) says what to do. */
  emailTakenField: "This e-mail address cannot be registered.",
  emailTaken:
    "No new account can be created with this e-mail address. If you already have an account, sign in or reset your password.",
  tooManyAttempts: "Too many attempts. Please wait a moment and try again.",
  emailRequired: "Please enter your e-mail address.",
  passwordRequired: "Please enter your password.",
  showPassword: "Show password",
  stayHeading: "Your booking",
  stayIntro: "Once you are signed in, you continue right where you left this booking.",
  stayDates: "Travel dates",
  stayNights_one: "{{count}} night",
  stayNights_other: "{{count}} nights",
  stayGuests_one: "{{count}} guest",
  stayGuests_other: "{{count}} guests",
  stayTotal: "Total price",
  stayTotalHint: "including cleaning and service fee",
};

export default auth;
