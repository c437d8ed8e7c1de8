%% Read as JSON (declared apns), a character list is read as the string meant; jsx would write numbers.
[
    {dialect, <<"apns">>},
    {aps, [{alert, <<"Would you like to play a game?">>},
           {sound, "wopr"}]}
].
