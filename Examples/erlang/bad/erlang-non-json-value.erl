%% Read as JSON (declared apns): JSON has no tuple.
[
    {dialect, <<"apns">>},
    {aps, [{alert, <<"Final score">>}]},
    {score, {3, 1}}
].
