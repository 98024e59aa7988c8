import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Link,
  Section,
  Text,
} from "@react-email/components";
import { Fragment, type CSSProperties, type ReactElement, type ReactNode } from "react";
import type { EmailCompany, RenderedEmail } from "../templates";
import { companyLines, type EmailLanguage, type EmailRow } from "./shared";

/**
 * The frame of every HTML e-mail and the pieces the templates share. Values are passed as
 * React children or props, so React escapes them; no template builds HTML from strings.
 * Each value a test or reader looks for ("Gesamt", "1.262,48 €") is ONE string child: React
 * separates neighbouring text children with `<!-- -->`, which would split it in the HTML.
 */

/** What a template returns: the HTML part as an element, rendered by `render.server.tsx`. */
export type EmailContent = Omit<RenderedEmail, "html"> & { html: ReactElement };

const BRAND = "#0A2463";

const styles = {
  body: {
    margin: 0,
    padding: 0,
    backgroundColor: "#f1f5f9",
    fontFamily: "Arial,Helvetica,sans-serif",
    color: "#0f172a",
    lineHeight: "1.5",
  },
  container: { maxWidth: "600px", margin: "0 auto", padding: "24px" },
  platform: {
    margin: "0 0 16px",
    fontSize: "20px",
    lineHeight: "1.5",
    fontWeight: 700,
    color: BRAND,
  },
  card: { backgroundColor: "#ffffff", borderRadius: "12px", padding: "24px" },
  footer: { margin: "16px 0 0", fontSize: "12px", lineHeight: "1.5", color: "#475569" },
  table: { borderCollapse: "collapse", margin: "0 0 16px" },
  th: {
    textAlign: "left",
    padding: "4px 16px 4px 0",
    verticalAlign: "top",
    fontWeight: 600,
  },
  td: { padding: "4px 0" },
  heading: { margin: "24px 0 8px", fontSize: "16px", color: BRAND },
  button: {
    display: "inline-block",
    backgroundColor: BRAND,
    color: "#ffffff",
    textDecoration: "none",
    padding: "12px 20px",
    borderRadius: "8px",
    fontWeight: 600,
  },
  link: { color: BRAND, textDecoration: "underline" },
} satisfies Record<string, CSSProperties>;

/**
 * The page around the content: platform name on top, the content on a white card, a small
 * footer (the Impressum of a booking e-mail, an unsubscribe link, a reply hint).
 */
export function EmailLayout(props: {
  language: EmailLanguage;
  title: string;
  platformName: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    // A plain <html>: react-email's <Html> always adds dir="ltr", which both languages have anyway.
    <html lang={props.language}>
      <Head>
        <meta name="viewport" content="width=device-width" />
        <title>{props.title}</title>
      </Head>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.platform}>{props.platformName}</Text>
          <Section style={styles.card}>{props.children}</Section>
          {props.footer ? <Text style={styles.footer}>{props.footer}</Text> : null}
        </Container>
      </Body>
    </html>
  );
}

/** A paragraph of the content; `margin` as in CSS (default: 12px below). */
export function P(props: { margin?: string; style?: CSSProperties; children: ReactNode }) {
  return (
    <Text
      style={{
        fontSize: "16px",
        lineHeight: "1.5",
        margin: props.margin ?? "0 0 12px",
        ...props.style,
      }}
    >
      {props.children}
    </Text>
  );
}

/** A label-value table (booking details, a contact form's fields). */
export function Rows(props: { rows: EmailRow[] }) {
  return (
    <table style={styles.table}>
      <tbody>
        {props.rows.map(([label, value], index) => (
          <tr key={index}>
            <th style={styles.th}>{label}</th>
            <td style={styles.td}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function SectionHeading(props: { children: string }) {
  return (
    <Heading as="h2" style={styles.heading}>
      {props.children}
    </Heading>
  );
}

/** The one call to action of an e-mail. */
export function ButtonLink(props: { href: string; children: string }) {
  return (
    <P margin="24px 0">
      <Button href={props.href} style={styles.button}>
        {props.children}
      </Button>
    </P>
  );
}

export function TextLink(props: { href: string; children?: string }) {
  return (
    <Link href={props.href} style={styles.link}>
      {props.children ?? props.href}
    </Link>
  );
}

/** The address of a button's link written out, for clients that show no buttons. */
export function LinkLine(props: { href: string }) {
  return (
    <P style={{ fontSize: "14px", wordBreak: "break-all" }}>
      <TextLink href={props.href} />
    </P>
  );
}

/** Lines with <br> between them (each line one text child). */
export function Lines(props: { lines: string[] }) {
  return props.lines.map((line, index) => (
    <Fragment key={index}>
      {index > 0 ? <br /> : null}
      {line}
    </Fragment>
  ));
}

/** Someone's own text (a message, special requests): paragraphs at blank lines, line breaks kept. */
export function UserText(props: { text: string }) {
  return props.text.split(/\r?\n\s*\r?\n/).map((block, index) => (
    <P key={index}>
      <Lines lines={block.split(/\r?\n/)} />
    </P>
  ));
}

/** The Impressum in the footer of every booking e-mail. */
export function CompanyFooter(props: { company: EmailCompany; language: EmailLanguage }) {
  return <Lines lines={companyLines(props.company, props.language)} />;
}

/** A booking e-mail: the layout with the company's Impressum in the footer. */
export function BookingEmailLayout(props: {
  data: { language: EmailLanguage; company: EmailCompany };
  title: string;
  platformName: string;
  children: ReactNode;
}) {
  return (
    <EmailLayout
      language={props.data.language}
      title={props.title}
      platformName={props.platformName}
      footer={<CompanyFooter company={props.data.company} language={props.data.language} />}
    >
      {props.children}
    </EmailLayout>
  );
}
