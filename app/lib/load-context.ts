/** Values the Node server attaches to every request (see server/index.ts). */
export type AppContext = {
  requestId: string;
  clientIp: string;
  nonce: string;
};

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface AppLoadContext extends AppContext {}
}
