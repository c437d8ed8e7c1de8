%%% The notifications Courier sends, built in code: apns-lint reads the terms in priv/notifications/, not these.
-module(courier_notifications).

-export([shipped/1, delivered/0]).

shipped(OrderId) ->
    [{alert, [{body, <<"Your parcel is on its way">>}]},
     {badge, 1},
     {sound, <<"default">>},
     {extra, [{<<"order">>, OrderId}]}].

delivered() ->
    [{alert, <<"Your parcel was delivered">>}, {sound, <<"default">>}].
