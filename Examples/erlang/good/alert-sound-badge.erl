%% apns_json:make_notification/1 input: alert with sound and badge.
Notification = [
    {'alert', <<"Would you like to play a game?">>},
    {'badge', 1},
    {'sound', <<"wopr">>}
].
