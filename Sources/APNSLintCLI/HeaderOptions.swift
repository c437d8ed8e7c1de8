import APNSLint
import APNSLintModel
import ArgumentParser

/// Request headers given on the command line, for definitions that do not set them (a bare payload says nothing of
/// its headers): shared by `check` and `render`, so that both read a file as the same request.
struct HeaderOptions: ParsableArguments {
    @Option(help: ArgumentHelp("apns-push-type of bare payloads (\(HelpText.list([PushType.alert, .background, .voip], last: ", ")), …).", valueName: "type"))
    var pushType: String?

    @Option(help: ArgumentHelp("apns-priority of bare payloads (10, 5 or 1).", valueName: "priority"))
    var priority: String?

    @Option(help: ArgumentHelp("apns-topic of bare payloads.", valueName: "topic"))
    var topic: String?

    @Option(help: ArgumentHelp("apns-collapse-id of bare payloads.", valueName: "id"))
    var collapseId: String?

    @Option(help: ArgumentHelp("apns-expiration of bare payloads (UNIX epoch seconds, or 0).", valueName: "seconds"))
    var expiration: String?

    @Option(name: .customLong("apns-id"), help: ArgumentHelp("apns-id of bare payloads (a UUID).", valueName: "uuid"))
    var apnsID: String?

    /// The option group's title in help.
    static let title = "Request headers"

    /// What the commands' discussions say of these options.
    static let discussion = """
        The header options (\(HelpText.list(flags, last: " and "))) give the request headers of bare payload files; a definition's \
        own "headers" take precedence over them, and they over the configuration's headers.
        """

    /// Every header option's flag, in the order of help: "--push-type", "--priority", ….
    static let flags = ["--push-type", "--priority", "--topic", "--collapse-id", "--expiration", "--apns-id"]

    /// The headers given, for the linter: they fill in what a definition does not set.
    var headerOptions: [HeaderOption] {
        let values = [(HeaderName.pushType, pushType), (HeaderName.priority, priority), (HeaderName.topic, topic),
                      (HeaderName.collapseID, collapseId), (HeaderName.expiration, expiration), (HeaderName.id, apnsID)]
        return zip(values, Self.flags).compactMap { header, flag in header.1.map { HeaderOption(name: header.0, value: $0, option: flag) } }
    }
}
