%% apns_json:make_notification/1 input: a localized alert using 'loc-key' and 'loc-args'.
%% Localizable.strings: "GAME_PLAY_REQUEST_FORMAT" = "%@ and %@ have invited you to play Monopoly";
%% make_alert/1 always sends a body (without one it sends the text "undefined"): here the text for
%% devices without the localization.
[
    {'alert', [{'body', <<"Jenna and Frank have invited you to play Monopoly">>},
               {'loc-key', <<"GAME_PLAY_REQUEST_FORMAT">>},
               {'loc-args', [<<"Jenna">>, <<"Frank">>]}]},
    {'sound', <<"chime">>}
].
