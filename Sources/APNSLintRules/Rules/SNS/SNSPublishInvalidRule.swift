/// Reported while an SNS request is turned into its requests; this rule carries the docs and examples.
struct SNSPublishInvalidRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "sns-publish-invalid", severity: .error, category: .sns,
        finds: [.dialect(.publishParameterInvalid)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A `Publish` call SNS refuses or misreads: a message over 256 KB, `MessageStructure` other than json, an attribute without a type or value, an `AWS.SNS.MOBILE.*` attribute SNS does not read, a TTL that is not whole seconds.",
            rationale: """
                A request file (`aws sns publish --cli-input-json`, an SDK's `PublishRequest`) carries the message \
                and its attributes. `MessageStructure` has one value, `json`; anything else makes SNS send `Message` \
                as one text, which Apple devices show as the alert (aws-sdk-php #157). Every attribute needs a \
                `DataType` and a non-empty `StringValue` ("must contain non-empty message attribute value"). The \
                APNs attributes are `AWS.SNS.MOBILE.APNS.PUSH_TYPE`, `PRIORITY`, `TOPIC`, `COLLAPSE_ID` and `TTL` \
                (and a TTL per platform); they become the request's headers, which the header rules check. An \
                `AWS.SNS.MOBILE.*` name SNS does not read sets nothing, a warning. A message over 262,144 bytes \
                (256 KB, attributes included) is refused ("Invalid parameter: Message too long"); each APNs payload \
                inside is checked against APNs's own limit by `payload-too-large`.
                """,
            severity: .rejected(
                byService: "InvalidParameter", "SNS refuses the Publish call for an attribute without a type or value, or a malformed TTL",
                source: Reference.snsMessageAttributes),
            references: [Reference.snsPublish, Reference.snsMessageAttributes, Reference.snsTTL, Reference.snsLargePayloads, Reference.snsIOS13Blog],
            triggering: [
                Example(#"{"TopicArn": "arn:aws:sns:us-east-1:123456789012:news", "Message": "Hi", "MessageAttributes": {↓"AWS.SNS.MOBILE.APNS.PUSH_TYPE": {"DataType": "String", "StringValue": ""}}}"#),
                Example(#"{"TargetArn": "arn:aws:sns:us-east-1:123456789012:endpoint/APNS/app/1", "Message": "{\"default\": \"Hi\"}", "MessageStructure": "json", "MessageAttributes": {"AWS.SNS.MOBILE.APNS.TTL": {"DataType": "String", "StringValue": ↓"1h"}}}"#),
                Example(#"{"TopicArn": "arn:aws:sns:us-east-1:123456789012:news", "Message": "{\"default\": \"Hi\"}", "MessageStructure": ↓"JSON"}"#),
            ],
            nonTriggering: [
                Example(#"{"TargetArn": "arn:aws:sns:us-east-1:123456789012:endpoint/APNS/app/1", "Message": "{\"default\": \"Hi\", \"APNS\": \"{\\\"aps\\\":{\\\"content-available\\\":1}}\"}", "MessageStructure": "json", "MessageAttributes": {"AWS.SNS.MOBILE.APNS.PUSH_TYPE": {"DataType": "String", "StringValue": "background"}, "AWS.SNS.MOBILE.APNS.PRIORITY": {"DataType": "String", "StringValue": "5"}}}"#),
            ])
    }
}
