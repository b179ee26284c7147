// Written by OpenAPI/make-openapi.py from the routes and docs/push-payloads.schema.json: do not edit.

extension GatewayController {
    /// The gateway's OpenAPI 3.1 document (`Examples/PushGateway/OpenAPI/openapi.json`), served at
    /// `GET /openapi.json`.
    static let openAPIDocument = #"""
        {
          "openapi": "3.1.0",
          "info": {
            "title": "PushGateway",
            "version": "1",
            "description": "The example gateway of PushPayloads (Examples/PushGateway): inspects one push, classifies a stream of them, and reports to Prometheus. Its answers are the library's documented JSON (docs/json-schema.md). Limits and what each refusal means: docs/threat-model.md."
          },
          "servers": [
            {
              "url": "http://127.0.0.1:8080"
            }
          ],
          "paths": {
            "/v1/inspect": {
              "post": {
                "operationId": "inspect",
                "summary": "Inspect one device payload or send request (APNs, FCM v1, legacy FCM)",
                "parameters": [
                  {
                    "name": "platform",
                    "in": "query",
                    "description": "The platforms whose devices receive the request (names may also be separated by commas); without it they are not known. Any other parameter is a 400.",
                    "style": "form",
                    "explode": true,
                    "schema": {
                      "type": "array",
                      "items": {
                        "enum": [
                          "ios",
                          "android",
                          "web"
                        ]
                      }
                    }
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The inspection (PushInspection)",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/inspection"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The body, the query or the request cannot be read (the error's code says why)",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/gateway_error"
                        }
                      }
                    }
                  },
                  "413": {
                    "description": "The body is over --max-body-bytes",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/gateway_error"
                        }
                      }
                    }
                  },
                  "414": {
                    "description": "The request target is over 8,192 bytes",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/gateway_error"
                        }
                      }
                    }
                  },
                  "415": {
                    "description": "The body is not of the content type the route reads, or not UTF-8",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/gateway_error"
                        }
                      }
                    }
                  },
                  "501": {
                    "description": "A Transfer-Encoding other than chunked",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/gateway_error"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/v1/classify": {
              "post": {
                "operationId": "classify",
                "summary": "Classify JSON Lines: one record a line, streamed while the body arrives",
                "parameters": [
                  {
                    "name": "source",
                    "in": "query",
                    "description": "The records' source (default: request); at most 1,024 bytes of UTF-8, since every record repeats it. Any other parameter is a 400.",
                    "schema": {
                      "type": "string",
                      "maxLength": 256
                    }
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/x-ndjson": {
                      "schema": {
                        "type": "string",
                        "description": "one payload or send request a line"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "One record (docs/json-schema.md, #/$defs/record) a line; a line that cannot be read is an error record, never a refusal",
                    "content": {
                      "application/x-ndjson": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The body, the query or the request cannot be read (the error's code says why)",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/gateway_error"
                        }
                      }
                    }
                  },
                  "414": {
                    "description": "The request target is over 8,192 bytes",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/gateway_error"
                        }
                      }
                    }
                  },
                  "415": {
                    "description": "The body is not of the content type the route reads, or not UTF-8",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/gateway_error"
                        }
                      }
                    }
                  },
                  "501": {
                    "description": "A Transfer-Encoding other than chunked",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/gateway_error"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/v1/echo": {
              "post": {
                "operationId": "echo",
                "summary": "Read the body as /v1/inspect does and answer a fixed JSON: the server without the library",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "Always the same",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/echo"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The body, the query or the request cannot be read (the error's code says why)",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/gateway_error"
                        }
                      }
                    }
                  },
                  "413": {
                    "description": "The body is over --max-body-bytes",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/gateway_error"
                        }
                      }
                    }
                  },
                  "414": {
                    "description": "The request target is over 8,192 bytes",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/gateway_error"
                        }
                      }
                    }
                  },
                  "415": {
                    "description": "The body is not of the content type the route reads, or not UTF-8",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/gateway_error"
                        }
                      }
                    }
                  },
                  "501": {
                    "description": "A Transfer-Encoding other than chunked",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/gateway_error"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/health": {
              "get": {
                "operationId": "health",
                "summary": "Liveness: answers while the gateway serves",
                "responses": {
                  "200": {
                    "description": "Serving",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/health"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The body, the query or the request cannot be read (the error's code says why)",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/gateway_error"
                        }
                      }
                    }
                  },
                  "414": {
                    "description": "The request target is over 8,192 bytes",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/gateway_error"
                        }
                      }
                    }
                  }
                }
              },
              "head": {
                "operationId": "healthHead",
                "summary": "Liveness, without a body",
                "responses": {
                  "200": {
                    "description": "Serving"
                  },
                  "400": {
                    "description": "No Host"
                  }
                }
              }
            },
            "/metrics": {
              "get": {
                "operationId": "metrics",
                "summary": "The metrics in the Prometheus text format",
                "responses": {
                  "200": {
                    "description": "push_gateway_requests_total, …_request_duration_seconds, …_payloads_total, …_payload_errors_total, …_connections_closed_total",
                    "content": {
                      "text/plain": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The body, the query or the request cannot be read (the error's code says why)",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/gateway_error"
                        }
                      }
                    }
                  },
                  "414": {
                    "description": "The request target is over 8,192 bytes",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/gateway_error"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/openapi.json": {
              "get": {
                "operationId": "openAPIDocument",
                "summary": "This document",
                "responses": {
                  "200": {
                    "description": "The gateway's OpenAPI 3.1 document",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The body, the query or the request cannot be read (the error's code says why)",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/gateway_error"
                        }
                      }
                    }
                  },
                  "414": {
                    "description": "The request target is over 8,192 bytes",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/gateway_error"
                        }
                      }
                    }
                  }
                }
              }
            }
          },
          "components": {
            "schemas": {
              "name": {
                "type": "string",
                "pattern": "^[a-z0-9_.-]+$"
              },
              "nullable_string": {
                "type": [
                  "string",
                  "null"
                ]
              },
              "platform": {
                "type": "string",
                "description": "ios, android, web, or another platform's name",
                "pattern": "^[a-z0-9_]+$"
              },
              "kind": {
                "type": "string",
                "description": "device_payload, apns_request, fcm_v1, fcm_legacy, or another kind",
                "pattern": "^[a-z0-9_]+$"
              },
              "shape": {
                "enum": [
                  "apns",
                  "fcm"
                ]
              },
              "severity": {
                "enum": [
                  "info",
                  "warning",
                  "error"
                ]
              },
              "error": {
                "description": "PushPayloadError",
                "type": "object",
                "properties": {
                  "code": {
                    "$ref": "#/components/schemas/name"
                  },
                  "offset": {
                    "type": [
                      "integer",
                      "null"
                    ],
                    "minimum": 0
                  },
                  "key_path": {
                    "type": "string"
                  },
                  "message": {
                    "type": "string"
                  },
                  "in": {
                    "description": "classify --payload only: the offset counts in the input line (record) or in the payload's own JSON text (payload)",
                    "enum": [
                      "record",
                      "payload"
                    ]
                  }
                },
                "required": [
                  "code",
                  "offset",
                  "message"
                ],
                "additionalProperties": false
              },
              "classification": {
                "description": "PushClassification",
                "type": "object",
                "properties": {
                  "vendor": {
                    "anyOf": [
                      {
                        "$ref": "#/components/schemas/name"
                      },
                      {
                        "type": "null"
                      }
                    ]
                  },
                  "marker": {
                    "anyOf": [
                      {
                        "$ref": "#/components/schemas/name"
                      },
                      {
                        "type": "null"
                      }
                    ]
                  },
                  "entry_point_rule": {
                    "type": [
                      "boolean",
                      "null"
                    ]
                  },
                  "also_matching": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/name"
                    }
                  },
                  "silent": {
                    "type": "boolean"
                  },
                  "shape": {
                    "$ref": "#/components/schemas/shape"
                  }
                },
                "required": [
                  "vendor",
                  "marker",
                  "entry_point_rule",
                  "also_matching",
                  "silent",
                  "shape"
                ],
                "additionalProperties": false
              },
              "action": {
                "description": "PushAction",
                "type": "object",
                "properties": {
                  "kind": {
                    "$ref": "#/components/schemas/name"
                  },
                  "url": {
                    "$ref": "#/components/schemas/nullable_string"
                  },
                  "fallback_url": {
                    "$ref": "#/components/schemas/nullable_string"
                  },
                  "campaign_id": {
                    "$ref": "#/components/schemas/nullable_string"
                  }
                },
                "required": [
                  "kind",
                  "url",
                  "fallback_url",
                  "campaign_id"
                ],
                "additionalProperties": false
              },
              "button": {
                "description": "PushButton",
                "type": "object",
                "properties": {
                  "title": {
                    "type": "string"
                  },
                  "action_identifier": {
                    "type": "string"
                  },
                  "action": {
                    "$ref": "#/components/schemas/action"
                  },
                  "options": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  }
                },
                "required": [
                  "title",
                  "action_identifier",
                  "action",
                  "options"
                ],
                "additionalProperties": false
              },
              "image": {
                "description": "PushImage",
                "type": "object",
                "properties": {
                  "url": {
                    "type": "string"
                  },
                  "fallback_url": {
                    "$ref": "#/components/schemas/nullable_string"
                  },
                  "deep_link": {
                    "$ref": "#/components/schemas/nullable_string"
                  }
                },
                "required": [
                  "url",
                  "fallback_url",
                  "deep_link"
                ],
                "additionalProperties": false
              },
              "text": {
                "description": "PushText",
                "type": "object",
                "properties": {
                  "title": {
                    "$ref": "#/components/schemas/nullable_string"
                  },
                  "subtitle": {
                    "$ref": "#/components/schemas/nullable_string"
                  },
                  "body": {
                    "$ref": "#/components/schemas/nullable_string"
                  }
                },
                "required": [
                  "title",
                  "subtitle",
                  "body"
                ],
                "additionalProperties": false
              },
              "extras": {
                "description": "PushExtras: each decoder's own fields under its name; custom decoders add their own names",
                "type": "object",
                "properties": {
                  "cordial": {
                    "type": "object",
                    "properties": {
                      "mc_id": {
                        "type": "string"
                      },
                      "uses_message_attribution_layout": {
                        "type": "boolean"
                      },
                      "deep_link_url": {
                        "type": "string"
                      },
                      "fallback_url": {
                        "type": "string"
                      },
                      "vanity_url": {
                        "type": "string"
                      },
                      "in_app_message": {
                        "type": "object",
                        "properties": {
                          "type": {
                            "type": "string"
                          },
                          "display_type": {
                            "type": "string"
                          },
                          "inactive_session_display": {
                            "type": "string"
                          },
                          "expiration_time": {
                            "type": "string"
                          }
                        },
                        "required": [
                          "type",
                          "display_type",
                          "inactive_session_display"
                        ],
                        "additionalProperties": false
                      },
                      "has_inbox_message": {
                        "type": "boolean"
                      },
                      "image_url": {
                        "type": "string"
                      },
                      "carousel": {
                        "type": "array",
                        "items": {
                          "type": "object",
                          "properties": {
                            "image_url": {
                              "type": "string"
                            },
                            "deep_link": {
                              "type": "string"
                            }
                          },
                          "required": [
                            "image_url"
                          ],
                          "additionalProperties": false
                        }
                      }
                    },
                    "required": [
                      "mc_id",
                      "uses_message_attribution_layout",
                      "has_inbox_message",
                      "carousel"
                    ],
                    "additionalProperties": false
                  },
                  "exponea": {
                    "type": "object",
                    "properties": {
                      "action": {
                        "type": "string"
                      },
                      "url": {
                        "type": "string"
                      },
                      "image_url": {
                        "type": "string"
                      },
                      "attributes": true,
                      "campaign_id": {
                        "type": "string"
                      },
                      "campaign_name": {
                        "type": "string"
                      },
                      "action_id": {
                        "type": "integer"
                      },
                      "action_type": {
                        "type": "string"
                      },
                      "action_name": {
                        "type": "string"
                      },
                      "event_type": {
                        "type": "string"
                      },
                      "custom_event_type": {
                        "type": "string"
                      },
                      "sent_timestamp": {
                        "type": "number"
                      },
                      "consent_category": {
                        "type": "string"
                      },
                      "url_parameters": {
                        "type": "object",
                        "additionalProperties": {
                          "type": "string"
                        }
                      },
                      "has_tracking_consent": {
                        "type": "boolean"
                      },
                      "consent_category_tracking": {
                        "type": "string"
                      },
                      "is_tracking_forced": {
                        "type": "boolean"
                      },
                      "button_tracking_forced": {
                        "type": "array",
                        "items": {
                          "type": "boolean"
                        }
                      },
                      "notification_id": {
                        "type": "integer"
                      }
                    },
                    "required": [
                      "url_parameters",
                      "has_tracking_consent",
                      "is_tracking_forced"
                    ],
                    "additionalProperties": false
                  },
                  "swrve": {
                    "type": "object",
                    "properties": {
                      "push_id": {
                        "type": "string"
                      },
                      "silent_push_id": {
                        "type": "string"
                      },
                      "unique_message_id": {
                        "type": "string"
                      },
                      "authenticated_user_id": {
                        "type": "string"
                      },
                      "silent_payload": true,
                      "campaign_id": {
                        "type": "string"
                      },
                      "deep_link": {
                        "type": "string"
                      },
                      "media_fallback_deep_link": {
                        "type": "string"
                      },
                      "influence_window_minutes": {
                        "type": "integer"
                      },
                      "tracking_data": {
                        "type": "string"
                      },
                      "platform": {
                        "type": "string"
                      },
                      "campaign_type": {
                        "type": "string"
                      },
                      "rich_version": {
                        "type": "integer"
                      }
                    },
                    "required": [
                      "campaign_type"
                    ],
                    "additionalProperties": false
                  },
                  "atomic": {
                    "type": "object",
                    "properties": {
                      "card_instance_id": {
                        "type": "string"
                      },
                      "container_id": {
                        "type": "string"
                      },
                      "detail": {
                        "type": "object"
                      }
                    },
                    "required": [
                      "card_instance_id",
                      "container_id",
                      "detail"
                    ],
                    "additionalProperties": false
                  }
                },
                "additionalProperties": {
                  "type": "object"
                }
              },
              "notification": {
                "description": "PushNotification: every field present, null when absent; payload is the JSON the device receives, exactly",
                "type": "object",
                "properties": {
                  "classification": {
                    "$ref": "#/components/schemas/classification"
                  },
                  "content_available": {
                    "type": "boolean"
                  },
                  "mutable_content": {
                    "type": "boolean"
                  },
                  "message_id": {
                    "$ref": "#/components/schemas/nullable_string"
                  },
                  "title": {
                    "$ref": "#/components/schemas/nullable_string"
                  },
                  "subtitle": {
                    "$ref": "#/components/schemas/nullable_string"
                  },
                  "body": {
                    "$ref": "#/components/schemas/nullable_string"
                  },
                  "vendor_text": {
                    "anyOf": [
                      {
                        "$ref": "#/components/schemas/text"
                      },
                      {
                        "type": "null"
                      }
                    ]
                  },
                  "badge": {
                    "type": [
                      "integer",
                      "null"
                    ]
                  },
                  "sound": {
                    "$ref": "#/components/schemas/nullable_string"
                  },
                  "category": {
                    "$ref": "#/components/schemas/nullable_string"
                  },
                  "thread_id": {
                    "$ref": "#/components/schemas/nullable_string"
                  },
                  "interruption_level": {
                    "$ref": "#/components/schemas/nullable_string"
                  },
                  "relevance_score": {
                    "type": [
                      "number",
                      "null"
                    ]
                  },
                  "default_action": {
                    "$ref": "#/components/schemas/action"
                  },
                  "buttons": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/button"
                    }
                  },
                  "images": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/image"
                    }
                  },
                  "extras": {
                    "$ref": "#/components/schemas/extras"
                  },
                  "payload": {
                    "type": "object"
                  }
                },
                "required": [
                  "classification",
                  "content_available",
                  "mutable_content",
                  "message_id",
                  "title",
                  "subtitle",
                  "body",
                  "vendor_text",
                  "badge",
                  "sound",
                  "category",
                  "thread_id",
                  "interruption_level",
                  "relevance_score",
                  "default_action",
                  "buttons",
                  "images",
                  "extras",
                  "payload"
                ],
                "additionalProperties": false
              },
              "finding": {
                "description": "PushFinding",
                "type": "object",
                "properties": {
                  "rule": {
                    "type": "string",
                    "pattern": "^[a-z0-9]+(\\.[a-z0-9-]+)+$"
                  },
                  "severity": {
                    "$ref": "#/components/schemas/severity"
                  },
                  "platform": {
                    "anyOf": [
                      {
                        "$ref": "#/components/schemas/platform"
                      },
                      {
                        "type": "null"
                      }
                    ]
                  },
                  "path": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "pattern": "^\\$"
                  },
                  "header": {
                    "$ref": "#/components/schemas/nullable_string"
                  },
                  "message": {
                    "type": "string",
                    "minLength": 1
                  },
                  "certain": {
                    "description": "false when the finding holds only if a device of its platform receives the request, which does not say so (then severity is at most warning)",
                    "type": "boolean"
                  }
                },
                "required": [
                  "rule",
                  "severity",
                  "platform",
                  "path",
                  "header",
                  "message",
                  "certain"
                ],
                "additionalProperties": false
              },
              "delivery": {
                "description": "PushInspection.Delivery",
                "type": "object",
                "properties": {
                  "platform": {
                    "$ref": "#/components/schemas/platform"
                  },
                  "headers": {
                    "type": "object",
                    "additionalProperties": {
                      "type": "string"
                    }
                  },
                  "system_text": {
                    "anyOf": [
                      {
                        "$ref": "#/components/schemas/text"
                      },
                      {
                        "type": "null"
                      }
                    ]
                  },
                  "notification": {
                    "$ref": "#/components/schemas/notification"
                  }
                },
                "required": [
                  "platform",
                  "headers",
                  "system_text",
                  "notification"
                ],
                "additionalProperties": false
              },
              "inspection": {
                "description": "PushInspection: the answer of PushInspector, push-payloads inspect, and a gateway's /v1/inspect",
                "type": "object",
                "properties": {
                  "schema_version": {
                    "const": 1
                  },
                  "kind": {
                    "$ref": "#/components/schemas/kind"
                  },
                  "deliveries": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/delivery"
                    }
                  },
                  "findings": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/finding"
                    }
                  }
                },
                "required": [
                  "schema_version",
                  "kind",
                  "deliveries",
                  "findings"
                ],
                "additionalProperties": false
              },
              "kept": {
                "description": "classify --keep only: the input record's fields, keyed by their JSON Pointers, each as the JSON it holds (strings with their escapes, numbers as spelled); pointers that found nothing are left out",
                "type": "object"
              },
              "record_prefix": {
                "type": "object",
                "properties": {
                  "source": {
                    "type": "string"
                  },
                  "line": {
                    "type": [
                      "integer",
                      "null"
                    ],
                    "minimum": 1
                  }
                },
                "required": [
                  "source",
                  "line"
                ]
              },
              "record": {
                "description": "PushRecord: one line of push-payloads classify (JSON Lines)",
                "oneOf": [
                  {
                    "allOf": [
                      {
                        "$ref": "#/components/schemas/record_prefix"
                      }
                    ],
                    "type": "object",
                    "properties": {
                      "source": true,
                      "line": true,
                      "status": {
                        "const": "ok"
                      },
                      "kind": {
                        "$ref": "#/components/schemas/kind"
                      },
                      "platform": {
                        "$ref": "#/components/schemas/platform"
                      },
                      "vendor": {
                        "$ref": "#/components/schemas/name"
                      },
                      "silent": {
                        "type": "boolean"
                      },
                      "ambiguous": {
                        "type": "array",
                        "items": {
                          "$ref": "#/components/schemas/name"
                        }
                      },
                      "shape": {
                        "$ref": "#/components/schemas/shape"
                      },
                      "message_id": {
                        "$ref": "#/components/schemas/nullable_string"
                      },
                      "title": {
                        "$ref": "#/components/schemas/nullable_string"
                      },
                      "body": {
                        "$ref": "#/components/schemas/nullable_string"
                      },
                      "action": {
                        "$ref": "#/components/schemas/name"
                      },
                      "url": {
                        "$ref": "#/components/schemas/nullable_string"
                      },
                      "kept": {
                        "$ref": "#/components/schemas/kept"
                      }
                    },
                    "required": [
                      "status",
                      "vendor",
                      "silent",
                      "ambiguous",
                      "shape",
                      "message_id",
                      "title",
                      "body",
                      "action",
                      "url"
                    ],
                    "dependentRequired": {
                      "kind": [
                        "platform"
                      ],
                      "platform": [
                        "kind"
                      ]
                    },
                    "additionalProperties": false
                  },
                  {
                    "allOf": [
                      {
                        "$ref": "#/components/schemas/record_prefix"
                      }
                    ],
                    "type": "object",
                    "properties": {
                      "source": true,
                      "line": true,
                      "status": {
                        "const": "error"
                      },
                      "error": {
                        "$ref": "#/components/schemas/error"
                      },
                      "kept": {
                        "$ref": "#/components/schemas/kept"
                      }
                    },
                    "required": [
                      "status",
                      "error"
                    ],
                    "additionalProperties": false
                  }
                ]
              },
              "lint_record": {
                "description": "One line of push-payloads lint (JSON Lines): a finding of one input, or an input that could not be read",
                "oneOf": [
                  {
                    "allOf": [
                      {
                        "$ref": "#/components/schemas/record_prefix"
                      }
                    ],
                    "type": "object",
                    "properties": {
                      "source": true,
                      "line": true,
                      "status": {
                        "const": "finding"
                      },
                      "kind": {
                        "$ref": "#/components/schemas/kind"
                      },
                      "rule": true,
                      "severity": true,
                      "platform": true,
                      "path": true,
                      "header": true,
                      "message": true,
                      "certain": true
                    },
                    "required": [
                      "status",
                      "kind",
                      "rule",
                      "severity",
                      "platform",
                      "path",
                      "header",
                      "message",
                      "certain"
                    ],
                    "additionalProperties": false,
                    "$ref": "#/components/schemas/finding_fields"
                  },
                  {
                    "allOf": [
                      {
                        "$ref": "#/components/schemas/record_prefix"
                      }
                    ],
                    "type": "object",
                    "properties": {
                      "source": true,
                      "line": true,
                      "status": {
                        "const": "error"
                      },
                      "error": {
                        "$ref": "#/components/schemas/error"
                      }
                    },
                    "required": [
                      "status",
                      "error"
                    ],
                    "additionalProperties": false
                  }
                ]
              },
              "finding_fields": {
                "type": "object",
                "properties": {
                  "rule": {
                    "$ref": "#/components/schemas/finding/properties/rule"
                  },
                  "severity": {
                    "$ref": "#/components/schemas/severity"
                  },
                  "platform": {
                    "$ref": "#/components/schemas/finding/properties/platform"
                  },
                  "path": {
                    "$ref": "#/components/schemas/finding/properties/path"
                  },
                  "header": {
                    "$ref": "#/components/schemas/nullable_string"
                  },
                  "message": {
                    "$ref": "#/components/schemas/finding/properties/message"
                  },
                  "certain": {
                    "$ref": "#/components/schemas/finding/properties/certain"
                  }
                }
              },
              "timestamp": {
                "description": "PushTimestamp: ISO 8601 in UTC with milliseconds",
                "type": "string",
                "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$"
              },
              "nullable_timestamp": {
                "oneOf": [
                  {
                    "$ref": "#/components/schemas/timestamp"
                  },
                  {
                    "type": "null"
                  }
                ]
              },
              "inbox_message": {
                "description": "PushInboxMessage: one inbox entry (Exponea App Inbox, Swrve push inbox, Cordial inbox)",
                "type": "object",
                "properties": {
                  "vendor": {
                    "$ref": "#/components/schemas/name"
                  },
                  "message_id": {
                    "type": "string",
                    "minLength": 1
                  },
                  "content_type": {
                    "$ref": "#/components/schemas/name"
                  },
                  "read": {
                    "type": "boolean"
                  },
                  "sent_at": {
                    "$ref": "#/components/schemas/nullable_timestamp"
                  },
                  "expires_at": {
                    "$ref": "#/components/schemas/nullable_timestamp"
                  },
                  "expired": {
                    "type": "boolean"
                  },
                  "title": {
                    "$ref": "#/components/schemas/nullable_string"
                  },
                  "body": {
                    "$ref": "#/components/schemas/nullable_string"
                  },
                  "image_url": {
                    "$ref": "#/components/schemas/nullable_string"
                  },
                  "html": {
                    "$ref": "#/components/schemas/nullable_string"
                  },
                  "default_action": {
                    "oneOf": [
                      {
                        "$ref": "#/components/schemas/action"
                      },
                      {
                        "type": "null"
                      }
                    ]
                  },
                  "buttons": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/button"
                    }
                  },
                  "custom_content": {
                    "description": "Swrve customer_json, Cordial metadata: the app's JSON, as sent"
                  },
                  "custom_content_text": {
                    "description": "the custom content's JSON text, when it is JSON the reader refuses (2^64, a duplicate key, a lone surrogate, nesting past the limit); custom_content is then null",
                    "$ref": "#/components/schemas/nullable_string"
                  },
                  "content_url": {
                    "$ref": "#/components/schemas/nullable_string"
                  },
                  "content_url_expires_at": {
                    "$ref": "#/components/schemas/nullable_timestamp"
                  },
                  "variant_id": {
                    "$ref": "#/components/schemas/nullable_string"
                  },
                  "tracking_data": {
                    "$ref": "#/components/schemas/nullable_string"
                  },
                  "issues": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/error"
                    }
                  },
                  "notification": {
                    "oneOf": [
                      {
                        "$ref": "#/components/schemas/notification"
                      },
                      {
                        "type": "null"
                      }
                    ]
                  },
                  "entry": {
                    "description": "the entry exactly as read",
                    "type": "object"
                  }
                },
                "required": [
                  "vendor",
                  "message_id",
                  "content_type",
                  "read",
                  "sent_at",
                  "expires_at",
                  "expired",
                  "title",
                  "body",
                  "image_url",
                  "html",
                  "default_action",
                  "buttons",
                  "custom_content",
                  "custom_content_text",
                  "content_url",
                  "content_url_expires_at",
                  "variant_id",
                  "tracking_data",
                  "issues",
                  "notification",
                  "entry"
                ],
                "additionalProperties": false
              },
              "inbox_page": {
                "description": "PushInboxPage: push-payloads inspect --kind inbox",
                "type": "object",
                "properties": {
                  "vendor": {
                    "oneOf": [
                      {
                        "$ref": "#/components/schemas/name"
                      },
                      {
                        "type": "null"
                      }
                    ]
                  },
                  "position": {
                    "oneOf": [
                      {
                        "type": "null"
                      },
                      {
                        "type": "object",
                        "properties": {
                          "current": {
                            "type": "integer"
                          },
                          "last": {
                            "type": "integer"
                          },
                          "size": {
                            "type": "integer"
                          },
                          "total": {
                            "type": "integer"
                          },
                          "has_next": {
                            "type": "boolean"
                          }
                        },
                        "required": [
                          "current",
                          "last",
                          "size",
                          "total",
                          "has_next"
                        ],
                        "additionalProperties": false
                      }
                    ]
                  },
                  "sync_token": {
                    "$ref": "#/components/schemas/nullable_string"
                  },
                  "entries": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "properties": {
                        "key_path": {
                          "type": "string"
                        },
                        "message": {
                          "$ref": "#/components/schemas/inbox_message"
                        },
                        "error": {
                          "$ref": "#/components/schemas/error"
                        }
                      },
                      "required": [
                        "key_path"
                      ],
                      "oneOf": [
                        {
                          "required": [
                            "message"
                          ]
                        },
                        {
                          "required": [
                            "error"
                          ]
                        }
                      ],
                      "additionalProperties": false
                    }
                  }
                },
                "required": [
                  "vendor",
                  "position",
                  "sync_token",
                  "entries"
                ],
                "additionalProperties": false
              },
              "inbox_record": {
                "description": "PushInboxRecord: one line of push-payloads classify --kind inbox (JSON Lines)",
                "oneOf": [
                  {
                    "allOf": [
                      {
                        "$ref": "#/components/schemas/record_prefix"
                      }
                    ],
                    "type": "object",
                    "properties": {
                      "source": true,
                      "line": true,
                      "entry": {
                        "$ref": "#/components/schemas/nullable_string"
                      },
                      "status": {
                        "const": "ok"
                      },
                      "kind": {
                        "const": "inbox"
                      },
                      "vendor": {
                        "$ref": "#/components/schemas/name"
                      },
                      "message_id": {
                        "type": "string",
                        "minLength": 1
                      },
                      "content_type": {
                        "$ref": "#/components/schemas/name"
                      },
                      "read": {
                        "type": "boolean"
                      },
                      "sent_at": {
                        "$ref": "#/components/schemas/nullable_timestamp"
                      },
                      "expires_at": {
                        "$ref": "#/components/schemas/nullable_timestamp"
                      },
                      "expired": {
                        "type": "boolean"
                      },
                      "title": {
                        "$ref": "#/components/schemas/nullable_string"
                      },
                      "body": {
                        "$ref": "#/components/schemas/nullable_string"
                      },
                      "action": {
                        "oneOf": [
                          {
                            "$ref": "#/components/schemas/name"
                          },
                          {
                            "type": "null"
                          }
                        ]
                      },
                      "url": {
                        "$ref": "#/components/schemas/nullable_string"
                      },
                      "issues": {
                        "type": "array",
                        "items": {
                          "$ref": "#/components/schemas/name"
                        }
                      }
                    },
                    "required": [
                      "entry",
                      "status",
                      "kind",
                      "vendor",
                      "message_id",
                      "content_type",
                      "read",
                      "sent_at",
                      "expires_at",
                      "expired",
                      "title",
                      "body",
                      "action",
                      "url",
                      "issues"
                    ],
                    "additionalProperties": false
                  },
                  {
                    "allOf": [
                      {
                        "$ref": "#/components/schemas/record_prefix"
                      }
                    ],
                    "type": "object",
                    "properties": {
                      "source": true,
                      "line": true,
                      "entry": {
                        "$ref": "#/components/schemas/nullable_string"
                      },
                      "status": {
                        "const": "error"
                      },
                      "kind": {
                        "const": "inbox"
                      },
                      "error": {
                        "$ref": "#/components/schemas/error"
                      }
                    },
                    "required": [
                      "entry",
                      "status",
                      "kind",
                      "error"
                    ],
                    "additionalProperties": false
                  }
                ]
              },
              "gateway_error": {
                "description": "A refusal: the library's error as JSON (GatewayError)",
                "$ref": "#/components/schemas/error"
              },
              "health": {
                "type": "object",
                "properties": {
                  "status": {
                    "const": "ok"
                  }
                },
                "required": [
                  "status"
                ],
                "additionalProperties": false
              },
              "echo": {
                "type": "object",
                "properties": {
                  "ok": {
                    "const": true
                  }
                },
                "required": [
                  "ok"
                ],
                "additionalProperties": false
              }
            }
          }
        }

        """#
}
