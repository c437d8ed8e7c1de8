%% An alert proplist without body: apns_json sends the text "undefined".
[
    {'alert', [{'loc-key', <<"GAME_PLAY_REQUEST_FORMAT">>},
               {'loc-args', [<<"Jenna">>, <<"Frank">>]}]}
].
