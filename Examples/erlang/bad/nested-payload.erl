%% The silent-push pattern in apns_json's shape: make_notification/1 always sends content-available 1,
%% and the visible notification travels in extra, for the app to present itself.
[
    {extra, [{<<"payload">>, [{<<"aps">>, [{<<"alert">>, <<"hello world">>}]}, {<<"id">>, 1}]}]}
].
