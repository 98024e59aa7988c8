import type { EmailCompany } from "~/features/email/templates";

/** The company data of the demo operator, as the booking e-mails receive it. */
export const demoEmailCompany: EmailCompany = {
  name: "TraumUrlaub Reisen GmbH",
  address: "Musterstraße 12",
  postalCode: "10115",
  city: "Berlin",
  country: "Deutschland",
  email: "info@traumurlaub.example.com",
  phone: "+49 30 12345678",
  registerCourt: "Amtsgericht Berlin-Charlottenburg",
  registration: "HRB 123456 B",
  vatId: "DE123456789",
  representative: "Max Mustermann",
};
