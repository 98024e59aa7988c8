import type { Readable } from "node:stream";
import type * as S3Sdk from "@aws-sdk/client-s3";
import type { S3Config } from "./env.server";

/**
 * The S3 driver (decision 034): any S3-compatible service through the official SDK. The SDK is
 * imported on first use, so a start without S3 never loads it (start-up time, memory), and it
 * cannot reach a browser bundle (this is a .server module).
 */
let loaded: { sdk: typeof S3Sdk; client: S3Sdk.S3Client; config: S3Config } | undefined;

async function s3(config: S3Config) {
  if (loaded?.config === config) return loaded;
  // The SDK warns once per process that its 2027 releases will need Node 22. That says nothing
  // about this installation's uploads and repeats in every test and every app process; the
  // README names the Node version. An operator who wants it back sets the variable to "false".
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const sdk = await import("@aws-sdk/client-s3");
  const client = new sdk.S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Only what the protocol needs: several S3-compatible services reject the newer default
    // checksum headers on PUT.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  loaded?.client.destroy();
  loaded = { sdk, client, config };
  return loaded;
}

export async function s3Put(
  config: S3Config,
  key: string,
  body: Buffer,
  headers: { contentType: string; cacheControl: string },
) {
  const { sdk, client } = await s3(config);
  await client.send(
    new sdk.PutObjectCommand({
      Bucket: config.bucket,
      Key: key,
      Body: body,
      ContentType: headers.contentType,
      // Served as is when browsers fetch from S3_PUBLIC_URL; the app sets its own when streaming.
      CacheControl: headers.cacheControl,
    }),
  );
}

/** Deleting a key that is not there is no error in S3 either. */
export async function s3Delete(config: S3Config, key: string) {
  const { sdk, client } = await s3(config);
  await client.send(new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
}

export type StoredObject =
  | { status: 404 }
  | { status: 304; etag?: string }
  | {
      status: 200;
      etag?: string;
      contentType?: string;
      contentLength?: number;
      /** Absent for HEAD. */
      body?: Readable;
    };

/** Reads an object (or only its headers), honouring If-None-Match; 404 for a missing key. */
export async function s3Get(
  config: S3Config,
  key: string,
  options: { head: boolean; ifNoneMatch?: string },
): Promise<StoredObject> {
  const { sdk, client } = await s3(config);
  const input = { Bucket: config.bucket, Key: key, IfNoneMatch: options.ifNoneMatch };
  try {
    if (options.head) {
      const head = await client.send(new sdk.HeadObjectCommand(input));
      return {
        status: 200,
        etag: head.ETag,
        contentType: head.ContentType,
        contentLength: head.ContentLength,
      };
    }
    const object = await client.send(new sdk.GetObjectCommand(input));
    return {
      status: 200,
      etag: object.ETag,
      contentType: object.ContentType,
      contentLength: object.ContentLength,
      body: object.Body as Readable,
    };
  } catch (error) {
    // The SDK throws for 304 and 404 alike; the status is the reliable part across services
    // (NoSuchKey for GET, a bare NotFound for HEAD).
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 304) return { status: 304, etag: options.ifNoneMatch };
    if (status === 404) return { status: 404 };
    throw error;
  }
}
