/**
 * A real S3-protocol server for the storage tests (decision 034): s3rver on a free port with a
 * bucket in a temporary folder, gone after close(). Nothing to install or start by hand.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** s3rver's fixed credentials (it checks signatures with them). */
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export async function startS3Server(bucket = "ferienwohnung-test") {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    /** The environment that points the app at this bucket. */
    env: {
      S3_ENDPOINT: endpoint,
      S3_REGION: "eu-central-1",
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    } as Record<string, string>,
    /** The object as anyone reads it from the bucket directly (s3rver allows anonymous GET). */
    objectUrl: (key: string) => `${endpoint}/${bucket}/${key}`,
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
