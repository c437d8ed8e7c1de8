%% apns_json:make_notification/1 input: the simplest possible alert.
Notification = [
    {'alert', <<"Would you like to play a game?">>}
].
