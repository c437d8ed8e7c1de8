%% apns_erlv3 refuses a token that is not a binary: {bad_options, {not_a_binary, token}}.
[
    {token, "00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0"},
    {alert, <<"Would you like to play a game?">>}
].
