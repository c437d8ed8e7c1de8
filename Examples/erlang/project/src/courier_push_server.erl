%%% Sends Courier's notifications through an apns_erlv3 session, one request at a time.
-module(courier_push_server).
-behaviour(gen_server).

-export([start_link/0, send/2]).
-export([init/1, handle_call/3, handle_cast/2, handle_info/2]).

-define(SESSION, courier_session).

start_link() ->
    gen_server:start_link({local, ?MODULE}, ?MODULE, [], []).

%% Token is the device token; Notification a proplist such as courier_notifications:shipped/1 builds.
send(Token, Notification) ->
    gen_server:call(?MODULE, {send, Token, Notification}).

init([]) ->
    {ok, Topic} = application:get_env(courier, apns_topic),
    {ok, #{topic => Topic, sent => 0}}.

handle_call({send, Token, Notification}, _From, #{topic := Topic, sent := Sent} = State) ->
    Request = [{token, Token}, {topic, Topic} | Notification],
    Reply = sc_push_svc_apnsv3:send(?SESSION, Request),
    {reply, Reply, State#{sent := Sent + 1}};
handle_call(_Other, _From, State) ->
    {reply, {error, unknown_call}, State}.

handle_cast(_Message, State) ->
    {noreply, State}.

handle_info(_Message, State) ->
    {noreply, State}.
