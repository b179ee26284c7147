/// The gateway's paths, as the router registers them and reports them back (`context.endpointPath`).
public enum GatewayRoutes {
    /// `POST`: one device payload or send request in, its ``PushRequests/PushInspection`` out.
    public static let inspect = "/v1/inspect"
    /// `POST`: JSON Lines in, one ``PushRecords/PushRecord`` a line out, streamed.
    public static let classify = "/v1/classify"
    /// `POST`: reads the body, answers `{"ok":true}`: the framework's own ceiling.
    public static let echo = "/v1/echo"
    /// `GET`: `{"status":"ok"}` while the gateway serves.
    public static let health = "/health"
    /// `GET`: the metrics in the Prometheus text format.
    public static let metrics = "/metrics"
    /// `GET`: the gateway's OpenAPI 3.1 document (`Examples/PushGateway/OpenAPI/openapi.json`).
    public static let openAPI = "/openapi.json"
}
