/** The server's version, as `/health` and the OpenAPI documents of both listeners report it. */
export const SERVER_VERSION = '0.1.0'
