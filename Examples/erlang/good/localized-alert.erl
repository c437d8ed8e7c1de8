%% apns_json:make_notification/1 input: a localized alert using 'loc-key' and 'loc-args'.
%% Localizable.strings: "GAME_PLAY_REQUEST_FORMAT" = "%@ and %@ have invited you to play Monopoly";
Notification = [
    {'alert', [{'title', <<"Game invite">>},
               {'loc-key', <<"GAME_PLAY_REQUEST_FORMAT">>},
               {'loc-args', [<<"Jenna">>, <<"Frank">>]}]},
    {'sound', <<"chime">>}
].
