%% sc_util:to_bin/1 sends the integer 5 as the string "5".
[
    {alert, <<"Your order is on its way">>},
    {sound, 5}
].
